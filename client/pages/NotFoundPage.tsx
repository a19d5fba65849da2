import { useEffect } from 'react'

export function NotFoundPage({ path }: { path: string }) {
  useEffect(() => {
    console.warn('404: no page at', path)
  }, [path])
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-6xl font-extrabold">404</h1>
      <p className="mt-4 text-xl text-stone-600">Oops! Page not found</p>
      <a href="/" className="mt-6 inline-block underline">
        Return to Home
      </a>
    </section>
  )
}
