import { characters } from '../content/landing.ts'

export function Characters() {
  return (
    <section aria-labelledby="characters-title" className="below-fold-856-324 py-14">
      <div className="mx-auto max-w-6xl px-4 text-center">
        <h2 id="characters-title" className="text-3xl font-extrabold text-stone-900">
          Meet the square friends
        </h2>
        <p className="mt-2 text-stone-600">Six characters, six colours, one very huggable blanket.</p>
        <ul className="mt-10 grid grid-cols-2 gap-5 sm:grid-cols-3 lg:grid-cols-6">
          {characters.map((c) => (
            <li
              key={c.name}
              className="rounded-3xl p-4"
              style={{ backgroundColor: `${c.colour}1f` }}
              data-testid="character"
            >
              <img
                src={c.image}
                alt={`${c.name}, a square ${c.name.toLowerCase()} friend`}
                width={120}
                height={120}
                loading="lazy"
                className="mx-auto h-24 w-24"
              />
              <h3
                className="mt-3 text-lg font-extrabold"
                style={{ color: c.colour === '#94a3b8' ? '#475569' : undefined }}
              >
                <span
                  className="rounded-full px-3 py-0.5 text-white"
                  style={{ backgroundColor: c.colour === '#94a3b8' ? '#64748b' : darken(c.colour) }}
                >
                  {c.name}
                </span>
              </h3>
              <p className="mt-2 text-sm text-stone-700">{c.blurb}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

/** The character's colour, dark enough to carry white text. */
function darken(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16)
  const channel = (shift: number) => Math.round(((n >> shift) & 255) * 0.62)
  return `rgb(${channel(16)} ${channel(8)} ${channel(0)})`
}
