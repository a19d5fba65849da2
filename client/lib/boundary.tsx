import { Component, type ReactNode } from 'react'

type BoundaryProps = { children: ReactNode; fallback: ReactNode; onError?: (error: unknown) => void }

/** Shows `fallback` instead of `children` once they throw, and tells `onError`. */
export class Boundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidCatch(error: unknown) {
    this.props.onError?.(error)
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}
