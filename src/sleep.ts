/** Resolves after `ms`: for retries with back-off and work that waits its turn. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
