/** Website addresses teams submit to the showcase (docs/product.md, Cohorts, showcase and voting). */

export const WEBSITE_URL_MAX_LENGTH = 2048;
export const WEBSITE_URL_REQUIRED_MESSAGE = 'Website URL is required.';
export const WEBSITE_URL_INVALID_MESSAGE = 'Enter a valid website address, such as https://example.com.';

type WebsiteUrlResult = { ok: true; url: string } | { ok: false; message: string };

/**
 * A leading `word:` is a scheme unless it is `host:port` (`localhost:3000`, `example.com:8080/x`), which
 * people type without a scheme.
 */
function schemeOf(text: string): string | null {
  const match = /^([a-z][a-z0-9+.-]*):(.*)$/is.exec(text);
  if (!match) return null;
  if (/^\d+(?:[/?#]|$)/.test(match[2] ?? '')) return null;
  return (match[1] ?? '').toLowerCase();
}

function isAcceptableHost(hostname: string): boolean {
  if (hostname === 'localhost') return true;
  const labels = hostname.split('.');
  return labels.length > 1 && labels.every((label) => label !== '');
}

/**
 * Trims, adds `https://` when no scheme is given, and accepts only http(s) addresses with a real host.
 * The returned url is the input as typed (plus the scheme), not the parser's re-serialisation, so a team
 * sees its own address back.
 */
export function normaliseWebsiteUrl(input: string): WebsiteUrlResult {
  const trimmed = input.trim();
  if (trimmed === '') return { ok: false, message: WEBSITE_URL_REQUIRED_MESSAGE };
  const invalid: WebsiteUrlResult = { ok: false, message: WEBSITE_URL_INVALID_MESSAGE };
  // Whitespace or control characters inside would be silently encoded or stripped by browsers; invisible
  // and direction characters would make the address shown on the showcase differ from the one it opens.
  if (/[\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/u.test(trimmed)) return invalid;

  const scheme = schemeOf(trimmed);
  if (scheme !== null && scheme !== 'http' && scheme !== 'https') return invalid;
  // `https:example.com` parses, but is almost always a typo; require the usual `scheme://`.
  if (scheme !== null && !/^https?:\/\/[^/]/i.test(trimmed)) return invalid;
  // A leading slash (`//example.com`, `/path`) would hide the host behind the added scheme.
  if (scheme === null && trimmed.startsWith('/')) return invalid;
  const url = scheme === null ? `https://${trimmed}` : trimmed;
  if (url.length > WEBSITE_URL_MAX_LENGTH) return invalid;

  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return invalid;
  }
  // `https://trusted.com@evil.com` shows one site and opens another; credentials have no place here.
  if (parsed.username !== '' || parsed.password !== '') return invalid;
  if (!isAcceptableHost(parsed.hostname)) return invalid;
  return { ok: true, url };
}

/**
 * An href that is safe to render for a stored website address: '#' when empty or when it uses another
 * scheme (`javascript:`, `data:`), `https://` added when it has none. The result is always '#' or starts
 * with `http:`/`https:`.
 */
export function toSafeHref(url: string | null | undefined): string {
  const trimmed = (url ?? '').trim();
  if (trimmed === '') return '#';
  if (/^https?:/i.test(trimmed)) return trimmed;
  if (schemeOf(trimmed) !== null) return '#';
  return `https://${trimmed}`;
}
