import { describe, expect, test } from 'vitest'
import { onShopifyCdn, photoWidths, PICTURE_WIDTHS, shareSrc, squareSrcSet, upTo } from '../../client/lib/pictures.ts'
import { averageColour } from '../../src/storefront/product.ts'

describe('pictures', () => {
  test('each width in a srcset is at most 1.375× the one before, so no picture arrives with twice the pixels it is drawn with', () => {
    for (let i = 1; i < PICTURE_WIDTHS.length; i++)
      expect(PICTURE_WIDTHS[i]! / PICTURE_WIDTHS[i - 1]!).toBeLessThanOrEqual(1.375)
  })

  test("Shopify's CDN is cdn.shopify.com or /cdn/shop/ on the store's domain; anything else is shown as it is", () => {
    expect(onShopifyCdn('https://cdn.shopify.com/s/files/1/0001/files/a.jpg?v=1')).toBe(true)
    expect(onShopifyCdn('https://blanket-shop.myshopify.com/cdn/shop/files/a.jpg')).toBe(true)
    expect(onShopifyCdn('https://images.example.com/a.jpg')).toBe(false)
    expect(onShopifyCdn('/images/a.svg')).toBe(false)
    expect(squareSrcSet('https://images.example.com/a.jpg', 2048)).toBeNull()
    expect(shareSrc('https://images.example.com/a.jpg')).toBeNull()
  })

  test("a square srcset crops at the centre, keeps the URL's own parameters and stops at the original's width", () => {
    const set = squareSrcSet('https://cdn.shopify.com/s/files/a.jpg?v=7', 1000)!
    const entries = set.srcSet.split(', ').map((entry) => entry.split(' '))
    expect(entries.map(([, w]) => w)).toEqual([
      '128w',
      '176w',
      '240w',
      '320w',
      '440w',
      '600w',
      '680w',
      '800w',
      '920w',
      '1000w',
    ])
    expect(Object.fromEntries(new URL(entries[0]![0]!).searchParams)).toEqual({
      v: '7',
      width: '128',
      height: '128',
      crop: 'center',
    })
    expect(new URL(set.src).searchParams.get('width')).toBe('800')
    // Of unknown size (a picture the cart stored): every width.
    expect(squareSrcSet('https://cdn.shopify.com/s/files/a.jpg', null)!.srcSet.split(', ')).toHaveLength(
      PICTURE_WIDTHS.length,
    )
  })

  test('a picture never drawn wider than `largest` lists no wider file', () => {
    expect(upTo('/a-128.webp 128w, /a-440.webp 440w, /a-600.webp 600w', 440)).toBe('/a-128.webp 128w, /a-440.webp 440w')
    expect(
      squareSrcSet('https://cdn.shopify.com/a.jpg', 2048, 320)!
        .srcSet.split(', ')
        .map((e) => e.split(' ')[1]),
    ).toEqual(['128w', '176w', '240w', '320w'])
    expect(squareSrcSet('https://cdn.shopify.com/a.jpg', 2048, 100)!.srcSet).toMatch(
      /width=128&height=128&crop=center 128w$/,
    )
    expect(photoWidths(2048).at(-1)).toBe(1920)
    expect(photoWidths(700)).toEqual([128, 176, 240, 320, 440, 600, 680, 700])
  })

  test('a share picture is a 1200×630 JPEG', () => {
    expect(Object.fromEntries(new URL(shareSrc('https://cdn.shopify.com/a.jpg')!).searchParams)).toEqual({
      width: '1200',
      height: '630',
      crop: 'center',
      format: 'jpg',
    })
  })

  test("a ThumbHash's average colour fills the box; anything else leaves the shop's own background", () => {
    expect(averageColour('+QcGFwSrt9d6h4h/hoWIp3d4AZo2pogA')).toMatch(/^#[0-9a-f]{6}$/)
    expect(averageColour('not base64 at all!')).toBeNull()
    expect(averageColour('')).toBeNull()
  })
})
