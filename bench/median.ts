/** The middle value of a run's figures (the upper middle of an even count), which one outlier does not move: every figure the bench quotes. */
export const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
