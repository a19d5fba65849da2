import { Prose, Email } from '../../components/Prose.tsx'

export default function AboutPage() {
  return (
    <Prose title="About Square Snuggles">
      <p>
        Square Snuggles started at a kitchen table, with a toddler who refused to sleep without “the square koala” from
        a sketchbook. We turned the sketch into a friend, then five more: Octopus, Cheetah, Hippo, Elephant and Crab.
      </p>
      <p>
        Today every blanket is printed on demand on thick, soft fleece, so nothing is overproduced and each one is made
        for the little person who will drag it everywhere. We are a small team of parents, and we answer every e-mail
        ourselves: <Email />.
      </p>
    </Prose>
  )
}
