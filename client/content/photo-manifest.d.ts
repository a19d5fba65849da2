/** The build's list of the shop's photographs (scripts/photos/vite-plugin-shop-photos.ts). */
declare module 'photo-manifest' {
  const manifest: Record<string, import('../model/photo.ts').PhotoEntry>
  export default manifest
}
