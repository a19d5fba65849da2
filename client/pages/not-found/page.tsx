import { useEffect } from 'react'

export default function NotFoundPage({ path }: { path: string }) {
  useEffect(() => {
    console.warn('404: a shopper tried to open', path)
  }, [path])
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-7xl font-extrabold text-orange-600">404</h1>
      <p className="mt-4 text-2xl font-bold text-stone-900">Oops! Page not found</p>
      <a
        href="/"
        className="mt-8 inline-block rounded-full border-2 border-transparent bg-orange-700 px-7.5 py-3.5 font-bold text-white hover:bg-orange-800"
      >
        Return to Home
      </a>
    </section>
  )
}
