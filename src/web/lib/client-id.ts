/**
 * Who this open page is, for a workspace's live stream and its saves (docs/product.md, Autosave and
 * collaboration): one random id per page (a tab; a reload is a new page), so the page can tell its own
 * saves from a teammate's. (Its device label is made by the server from the user agent.)
 */

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random id of 22 letters and digits (about 131 bits), valid as the API's `clientId`. */
export function newClientId(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)) {
  const bytes = random(new Uint8Array(22));
  let id = '';
  // 256 = 4 * 62 + 8: the slight bias towards the first 8 letters does not matter for an id.
  for (const byte of bytes) id += ID_ALPHABET[byte % ID_ALPHABET.length];
  return id;
}

let pageClientId: string | undefined;

/** This page's id: made on first use, the same for the page's whole life. */
export function clientId(): string {
  pageClientId ??= newClientId();
  return pageClientId;
}
