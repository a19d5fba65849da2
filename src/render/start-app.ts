// The page's starter script (client/starter/starter.ts says what it does), as the browser
// build made it, and the Content-Security-Policy source that lets it run: the hash of these
// very bytes, so a page from the HTML cache runs it whatever this response's nonce.
import starter from 'starter-script'

export const START_APP_SCRIPT = starter.script
export const START_APP_SCRIPT_HASH = starter.hash
