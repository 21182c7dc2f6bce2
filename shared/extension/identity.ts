/**
 * The Chromium build pins its extension id with this public key (the manifest's `key`), so
 * every unpacked install of our build has the same id, and the server can allow-list it for
 * "Sign in with the web app" (EXTENSION_IDS). Only the public half exists: it cannot sign a
 * package, it only fixes the id. A Chrome Web Store install gets the store's own id: add it to
 * EXTENSION_IDS.
 */
export const EXTENSION_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA9GWV2G3/AE1HsYXxOnlxX5fJRB5iwBvjiG0LlMAw3yvehU0Fd74gD3NTRPP5iKYr5+VwAgLuzzE7FVSB0ppM51KJYWcXczdaylsIHod0OMaI5nW0GLj6WzDhG566xCEIeAv4OEfI9C+Wo5oFUtjyp5i5BwrB7Kh1EKH3rIu1fYhW1vXN4mOr+uMmroxQhMwWhwxaGm6+7iKzvofJ5Sh1pTp5hiPrXoInArz4V9WriGkZn+zhBSV6kc3sv4cbZUSXQTYSvGZkq99Dq183aBv3MKziW/yNeJ8crDZl/H864tUYo8V598wW37ihEnsR9EWPvMNbH4c6LfSulyzkNQJoLQIDAQAB';

/** The id Chromium derives from EXTENSION_PUBLIC_KEY (SHA-256 of the key, first 16 bytes as a-p). */
export const EXTENSION_ID = 'hljepkhmidipfikokmlijhpafgdckjbo';

/** What the connect page calls an allow-listed extension. */
export const EXTENSION_NAME = 'Postloom';

/** Chromium extension ids: 32 letters a to p. */
export function isExtensionId(value: string | null | undefined): value is string {
  return !!value && /^[a-p]{32}$/.test(value);
}
