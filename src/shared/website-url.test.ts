import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  normaliseWebsiteUrl,
  toSafeHref,
  WEBSITE_URL_INVALID_MESSAGE,
  WEBSITE_URL_REQUIRED_MESSAGE,
} from './website-url.ts';

describe('normaliseWebsiteUrl', () => {
  it.each([
    ['example.com', 'https://example.com'],
    ['  www.example.com/shop?x=1#top  ', 'https://www.example.com/shop?x=1#top'],
    ['https://team-one.vercel.app', 'https://team-one.vercel.app'],
    ['http://example.com', 'http://example.com'],
    ['HTTPS://Example.COM/Path', 'HTTPS://Example.COM/Path'],
    ['localhost:3000', 'https://localhost:3000'],
    ['http://localhost:5173/app', 'http://localhost:5173/app'],
    ['example.com:8080/x', 'https://example.com:8080/x'],
    ['127.0.0.1:8000', 'https://127.0.0.1:8000'],
  ])('accepts %j as %j', (input, url) => {
    expect(normaliseWebsiteUrl(input)).toEqual({ ok: true, url });
  });

  it.each(['', '   ', '\n\t'])('requires a value (%j)', (input) => {
    expect(normaliseWebsiteUrl(input)).toEqual({ ok: false, message: WEBSITE_URL_REQUIRED_MESSAGE });
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://example.com',
    'mailto:team@example.com',
    'https://exa mple.com',
    'example .com',
    'https://',
    'https:///example.com',
    'https:example.com',
    'http://example',
    'example',
    'https://.com',
    'https://example..com',
    'https://user:pass@example.com',
    'https://trusted.com@evil.com',
    '//example.com',
    '/about',
    'https://example.com:99999',
    // Invisible and direction characters: the address shown would not be the one opened.
    'https://al\u200bpha.com',
    'https://example.com/\u202emoc.elgoog',
    'example.com/\u2066x',
    'example.com/\ufeffx',
    'https://example.com/a\u00adb',
  ])('rejects %j', (input) => {
    expect(normaliseWebsiteUrl(input)).toEqual({ ok: false, message: WEBSITE_URL_INVALID_MESSAGE });
  });

  it('accepts up to 2048 characters, scheme included', () => {
    const base = 'https://example.com/';
    const longest = base + 'a'.repeat(2048 - base.length);
    expect(normaliseWebsiteUrl(longest)).toEqual({ ok: true, url: longest });
    expect(normaliseWebsiteUrl(`${longest}a`)).toEqual({ ok: false, message: WEBSITE_URL_INVALID_MESSAGE });
    // Without a scheme, the added `https://` counts too.
    const bare = `example.com/${'a'.repeat(2048 - 'https://example.com/'.length)}`;
    expect(normaliseWebsiteUrl(bare)).toEqual({ ok: true, url: `https://${bare}` });
    expect(normaliseWebsiteUrl(`${bare}a`).ok).toBe(false);
  });

  it('only ever returns http(s) addresses without whitespace', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const result = normaliseWebsiteUrl(input);
        if (result.ok) {
          expect(result.url).toMatch(/^https?:\/\/\S+$/i);
          expect(result.url.length).toBeLessThanOrEqual(2048);
        }
      }),
    );
  });
});

describe('toSafeHref', () => {
  it.each([
    [null, '#'],
    [undefined, '#'],
    ['', '#'],
    ['   ', '#'],
    ['example.com', 'https://example.com'],
    ['localhost:3000', 'https://localhost:3000'],
    ['https://example.com', 'https://example.com'],
    ['http://example.com/a', 'http://example.com/a'],
    ['HTTP://EXAMPLE.COM', 'HTTP://EXAMPLE.COM'],
    ['javascript:alert(1)', '#'],
    ['  JAVASCRIPT:alert(1)', '#'],
    ['data:text/html,hi', '#'],
    ['vbscript:msgbox', '#'],
    ['ftp://example.com', '#'],
  ])('turns %j into %j', (input, href) => {
    expect(toSafeHref(input)).toBe(href);
  });

  it('always returns # or an http(s) address', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.constantFrom('javascript:x', ' data:x', 'java\nscript:x')),
        (input) => {
          const href = toSafeHref(input);
          expect(href === '#' || /^https?:/i.test(href)).toBe(true);
        },
      ),
    );
  });
});
