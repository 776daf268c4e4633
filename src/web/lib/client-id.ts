/**
 * Who this open page is, for a workspace's live stream and its saves (docs/product.md, Autosave and
 * collaboration): one random id per page (a tab; a reload is a new page), so the page can tell its own
 * saves from a teammate's, and a short label of the device for teammates' presence line.
 */

/** The API's `DEVICE_LABEL_MAX`, kept here so this module does not bring zod along (a test checks). */
export const LABEL_MAX = 60;

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

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPod)\b/, 'iOS'],
  [/\biPad\b/, 'iPadOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** "Chrome on macOS" from a user agent; "Browser" or "a device" stand in for what it does not say. */
export function deviceLabel(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'Browser';
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const label = system ? `${browser} on ${system}` : browser;
  return label.slice(0, LABEL_MAX);
}

/** This device's label, from the browser's user agent. */
export function thisDeviceLabel(): string {
  return deviceLabel(typeof navigator === 'undefined' ? '' : navigator.userAgent);
}
