/** How shoppers reach the shop (footer, legal pages). */
export const CONTACT_EMAIL = 'hello@squaresnuggles.com'
export const CONTACT_MESSAGE_URL = 'https://wa.me/15555550123'
