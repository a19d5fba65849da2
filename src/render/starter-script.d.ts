/** The built starter (dist/client/.vite/starter.json), bundled in through wrangler.toml's [alias]. */
declare module 'starter-script' {
  const starter: { script: string; hash: string }
  export default starter
}
