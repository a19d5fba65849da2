// The Storefront double's image CDN weighs what Shopify's does and honours the same
// parameters, so every picture the tests and the bench load is a real photograph's bytes.
import { API_VERSION } from '../../src/storefront/api-version.ts'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { createStorefrontDouble } from '../../storefront-double/storefront-double.ts'

const double = createStorefrontDouble()
const ORIGIN = 'http://shop.test'
const CHROMIUM_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8'

async function get(path: string, accept = '*/*') {
  const response = await double.fetch(new Request(ORIGIN + path, { headers: { Accept: accept } }))
  const body = Buffer.from(await response.arrayBuffer())
  return { response, body, meta: response.ok ? await sharp(body).metadata() : null }
}

async function productImages(fields: string) {
  const query = `query { product(handle: "toddler-blanket") { images(first: 10) { nodes { ${fields} } } } }`
  const response = await double.fetch(
    new Request(`${ORIGIN}/api/${API_VERSION}/graphql.json`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Shopify-Storefront-Access-Token': 't' },
      body: JSON.stringify({ query }),
    }),
  )
  const json = (await response.json()) as { data: { product: { images: { nodes: Record<string, unknown>[] } } } }
  return json.data.product.images.nodes
}

describe("the double's CDN", () => {
  test('an original is a raster photograph of at least 1600 px and hundreds of KB', async () => {
    const { response, body, meta } = await get('/cdn/shop/files/blanket-1.jpg?v=1')
    expect(response.headers.get('Content-Type')).toBe('image/jpeg')
    expect(meta).toMatchObject({ format: 'jpeg', width: 2048, height: 2048 })
    expect(body.length).toBeGreaterThan(300_000)
  })

  test('width alone keeps the aspect ratio; a landscape original stays landscape', async () => {
    expect((await get('/cdn/shop/files/lifestyle-1.jpg?width=400')).meta).toMatchObject({ width: 400, height: 250 })
    expect((await get('/cdn/shop/files/blanket-2.jpg?height=300')).meta).toMatchObject({ width: 300, height: 300 })
  })

  test('width, height and crop cover the box from that side; without crop the picture fits inside it', async () => {
    expect((await get('/cdn/shop/files/lifestyle-1.jpg?width=300&height=300&crop=center')).meta).toMatchObject({
      width: 300,
      height: 300,
    })
    expect((await get('/cdn/shop/files/lifestyle-1.jpg?width=300&height=300')).meta).toMatchObject({
      width: 300,
      height: 188,
    })
    const left = (await get('/cdn/shop/files/lifestyle-1.jpg?width=200&height=200&crop=left')).body
    const right = (await get('/cdn/shop/files/lifestyle-1.jpg?width=200&height=200&crop=right')).body
    expect(left.equals(right)).toBe(false)
  })

  test('a picture is never made larger than its original', async () => {
    expect((await get('/cdn/shop/files/blanket-1.jpg?width=4000')).meta).toMatchObject({ width: 2048, height: 2048 })
  })

  test('the format follows Accept (WebP for Chromium, JPEG otherwise) and format=jpg forces JPEG', async () => {
    const modern = await get('/cdn/shop/files/blanket-1.jpg?width=800', CHROMIUM_ACCEPT)
    expect(modern.response.headers.get('Content-Type')).toBe('image/webp')
    expect(modern.response.headers.get('Vary')).toBe('Accept')
    expect(modern.meta?.format).toBe('webp')
    const plain = await get('/cdn/shop/files/blanket-1.jpg?width=800', 'image/*')
    expect(plain.meta?.format).toBe('jpeg')
    expect(modern.body.length).toBeLessThan(plain.body.length)
    expect((await get('/cdn/shop/files/blanket-1.jpg?width=800&format=jpg', CHROMIUM_ACCEPT)).meta?.format).toBe('jpeg')
  })

  test('smaller widths weigh less, as a photograph does', async () => {
    const small = (await get('/cdn/shop/files/blanket-1.jpg?width=176', CHROMIUM_ACCEPT)).body.length
    const large = (await get('/cdn/shop/files/blanket-1.jpg?width=1080', CHROMIUM_ACCEPT)).body.length
    expect(small * 10).toBeLessThan(large)
    expect(large).toBeGreaterThan(40_000)
  })

  test.each(['width=0', 'width=6000', 'width=abc', 'crop=diagonal', 'format=gif'])('?%s is a 400', async (query) => {
    expect((await get(`/cdn/shop/files/blanket-1.jpg?${query}`)).response.status).toBe(400)
  })

  test('a file it does not have is a 404', async () => {
    expect((await get('/cdn/shop/files/nothing-here.jpg')).response.status).toBe(404)
    expect((await get('/cdn/shop/files/..%2Fsecret.jpg')).response.status).toBe(404)
  })
})

describe("the double's Storefront answers about pictures", () => {
  test('width, height and thumbhash describe the original; url(transform:) names the CDN parameters', async () => {
    const [first] = await productImages(
      'url width height thumbhash small: url(transform: { maxWidth: 200, maxHeight: 100, crop: TOP, preferredContentType: JPG })',
    )
    expect(first).toMatchObject({
      width: 2048,
      height: 2048,
      thumbhash: expect.stringMatching(/^[A-Za-z0-9+/=]{20,}$/),
    })
    const small = new URL(first!.small as string)
    expect(Object.fromEntries(small.searchParams)).toMatchObject({
      width: '200',
      height: '100',
      crop: 'top',
      format: 'jpg',
    })
    expect((await get(small.pathname + small.search)).meta).toMatchObject({ format: 'jpeg', width: 200, height: 100 })
  })
})
