import InAppSpy from 'inapp-spy'

/**
 * An app's in-app browser (Facebook, Messenger, Instagram, LinkedIn, TikTok…), as inapp-spy
 * tells it from the user agent: there a window opened never loads, so the checkout goes in
 * the shop's own tab (cart/use-checkout.ts).
 */
export const inAppBrowser = (userAgent?: string) => InAppSpy(userAgent === undefined ? {} : { ua: userAgent }).isInApp
