export default function ErrorPage() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-extrabold text-stone-900">Unexpected Application Error!</h1>
      <p className="mt-4 text-stone-600">Something went wrong on our side. Please try again in a moment.</p>
      <a
        href="/"
        className="mt-8 inline-block rounded-full border-2 border-transparent bg-orange-700 px-7.5 py-3.5 font-bold text-white hover:bg-orange-800"
      >
        Return to Home
      </a>
    </section>
  )
}
