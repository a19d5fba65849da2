/**
 * JSON for a `<script type="application/json">` element. `<`, `>`, `&` and the two JS
 * line separators are escaped so data (a product title, say) can never close the
 * element or start markup, whatever Shopify sends.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

export function readJsonScript<T>(id: string): T | null {
  const text = document.getElementById(id)?.textContent
  if (!text) return null
  try {
    return JSON.parse(text) as T
  } catch {
    return null
  }
}
