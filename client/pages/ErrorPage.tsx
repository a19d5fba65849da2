export function ErrorPage() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">Unexpected Application Error!</h1>
      <p className="mt-4 text-stone-600">Something went wrong on our side. Please try again in a moment.</p>
      <a href="/" className="mt-6 inline-block underline">
        Return to Home
      </a>
    </section>
  )
}
