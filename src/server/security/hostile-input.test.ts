import { PHASE_DATA_BODY_LIMIT } from '../../shared/schemas/phase-data.ts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { PROGRAMME_MAX_BYTES } from '../../shared/schemas/programmes.ts';
import { describeApi } from '../../../testing/api/test-app.ts';
import { fakeModelForFile } from '../../../testing/api/fake-model-hooks.ts';

/** Running prompts is set up (on a fake model on loopback), so its routes are in the table's app too. */
const model = fakeModelForFile();
import {
  ROUTE_TABLE,
  type RouteRow,
  methodOf,
  pathOf,
  seedWorld,
  type World,
} from '../../../testing/security/route-table.ts';

/**
 * Wrong types are 400, never 500; a 5xx never leaks a stack or SQL. Every route with a
 * body or params from ROUTE_TABLE gets the same battery: wrong types, huge strings, deep nesting, arrays
 * for objects, NUL bytes, odd unicode, path tricks, prototype keys, duplicate keys, bodies over the limit
 * and wrong content types.
 */

/** Words that would show a stack, SQL or the driver's voice in a response. */
const LEAK =
  /\bat \S+ \(|\.[jt]s:\d+|node_modules|\bstack\b|\bselect\b.{0,200}\bfrom\b|\binsert into\b|\bupdate \S+ set\b|relation "|syntax error|violates|duplicate key|DrizzleQueryError|Failed query|pglite|postgres|invalid byte sequence|unsupported unicode|maximum call stack/i;

const MB = 1024 * 1024;
// Deep values are written as JSON text: building them as objects would overflow this process's own
// JSON.stringify. `deep(n)` is a placeholder that `toJson` replaces with n levels of nesting.
const deep = (depth: number) => `\u0001DEEP_OBJECT_${depth}`;
const deepArray = (depth: number) => `\u0001DEEP_ARRAY_${depth}`;
function toJson(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0001DEEP_(OBJECT|ARRAY)_(\d+)"/g, (_, kind, n) =>
    kind === 'OBJECT'
      ? `${'{"a":'.repeat(Number(n))}1${'}'.repeat(Number(n))}`
      : `${'['.repeat(Number(n))}${']'.repeat(Number(n))}`,
  );
}

/** Values that replace one field of a valid body. */
const HOSTILE_VALUES: [string, unknown][] = [
  ['number', 42],
  ['negative', -1],
  ['huge number', 1e308],
  ['float', 1.5],
  ['boolean', true],
  ['null', null],
  ['empty object', {}],
  ['operator object', { $gt: '' }],
  ['array of strings', ['a']],
  ['array of objects', [{ a: 1 }, { b: 2 }]],
  ['empty string', ''],
  ['blank string', '   \t\n '],
  ['NUL byte', 'a\u0000b'],
  ['only NUL', '\u0000'],
  ['lone surrogate', '\ud800x\udfff'],
  ['bidi override', '\u202egnp.exe\u202c'],
  ['zero-width and BOM', '\u200b\u200d\ufeffx'],
  ['combining marks', `e${'\u0301'.repeat(500)}`],
  ['emoji', '👩🏽‍💻🦊'],
  ['fullwidth', 'ｆｏｘ．ｓｖｇ'],
  ['path traversal', '../../../../etc/passwd'],
  ['encoded traversal', '..%2F..%2Fetc%2Fpasswd'],
  ['SQL', "' or 1=1; drop table teams; --"],
  ['html', '<script>alert(1)</script>'],
  ['prototype key as value', '__proto__'],
  ['12 KB string', 'x'.repeat(12 * 1024)],
  ['1 MB string', 'x'.repeat(MB)],
  ['deep object', deep(2000)],
  ['deep array', deepArray(2000)],
];

/** Whole bodies that are not the object a route expects. */
const HOSTILE_BODIES: [string, unknown][] = [
  ['array', []],
  ['array of the body', 'ARRAY_OF_VALID'],
  ['string', 'text'],
  ['number', 42],
  ['null', null],
  ['boolean', true],
  ['empty object', {}],
  ['deep object', deep(2500)],
  ['deep array', deepArray(5000)],
];

/** Params: path tricks, encodings, very long values. */
const HOSTILE_PARAMS: [string, string][] = [
  ['encoded traversal', '..%2F..%2Fetc%2Fpasswd'],
  ['dot dot', '..'],
  ['encoded dots', '%2e%2e%2f%2e%2e'],
  ['overlong utf-8 dots', '%c0%ae%c0%ae%c0%af'],
  ['encoded slash', 'a%2Fb'],
  ['encoded backslash', '..%5C..%5C'],
  ['NUL', 'a%00b'],
  ['broken escape', '%E0%A4%A'],
  ['lone percent', '%'],
  ['unicode', '%F0%9F%A6%8A%E2%80%AE'],
  ['prototype', '__proto__'],
  ['constructor', 'constructor'],
  ['SQL', "'%20or%201=1--"],
  ['spaces', '%20%20'],
  ['long (5 KB)', 'a'.repeat(5000)],
  ['long unicode', '%C3%A9'.repeat(400)],
];

/** The routes that take a whole programme: PROGRAMME_MAX_BYTES and room for the body around it. */
const PROGRAMME_BODIES = new Set([
  'POST /api/admin/programmes/import',
  'PUT /api/admin/programmes/:programmeId/draft',
]);

function bodyLimit(row: RouteRow): number {
  if (PROGRAMME_BODIES.has(row.route)) return PROGRAMME_MAX_BYTES + 4096;
  return row.route === 'POST /api/phase-data' ? PHASE_DATA_BODY_LIMIT : 16 * 1024;
}

let address = 0;
/** Each hostile call from its own address, so the failure limiter's 429 never hides a route's answer. */
function nextAddress(): string {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
}

/**
 * The answer without a programme's content (a draft, a version's, a conflict's current programme): an
 * activity's words ("select", "from", a template) are the instructor's, not a leak.
 */
function withoutProgramme(body: string): string {
  try {
    const json: unknown = JSON.parse(body);
    if (typeof json !== 'object' || json === null) return body;
    const { draft: _draft, content: _content, current: _current, ...rest } = json as Record<string, unknown>;
    return JSON.stringify(rest);
  } catch {
    return body;
  }
}

function expectSafe(response: LightMyRequestResponse, label: string, api = true): void {
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  expect(withoutProgramme(response.body), label).not.toMatch(LEAK);
  if (response.statusCode >= 400 && api) {
    expect(response.headers['content-type'], label).toMatch(/^application\/json/);
    const body = response.json();
    // A programme's conflict carries the programme as it now stands; a refused publish, its problems.
    const extra = { 409: 'current', 422: 'problems' }[response.statusCode as 409 | 422];
    expect(
      Object.keys(body).filter((key) => key !== extra),
      label,
    ).toEqual(['message']);
    expect(typeof body.message, label).toBe('string');
  }
}

type Send = {
  url?: string;
  payload?: unknown;
  raw?: string;
  contentType?: string;
};

function sender(app: FastifyInstance, row: RouteRow, world: World) {
  const valid = row.request(world);
  // Both sessions at once: the call reaches as far into the route as any caller could.
  const cookie = `${world.own.cookie}; ${world.adminCookie}`;
  return async (send: Send, label: string) => {
    const headers: Record<string, string> = { cookie };
    let payload: string | undefined;
    if (send.raw !== undefined) payload = send.raw;
    else if (send.payload !== undefined) payload = toJson(send.payload);
    if (payload !== undefined) headers['content-type'] = send.contentType ?? 'application/json';
    const response = await app.inject({
      method: methodOf(row.route),
      url: send.url ?? valid.url,
      headers,
      remoteAddress: nextAddress(),
      ...(payload === undefined ? {} : { payload }),
    });
    expectSafe(response, `${row.route} ${label}`);
    return response;
  };
}

/** One row per route (the variants only change the cohort's state). */
const ROUTES = ROUTE_TABLE.filter((row, i) => ROUTE_TABLE.findIndex((r) => r.route === row.route) === i);
const WITH_BODY = ROUTES.filter((row) => methodOf(row.route) !== 'GET');
const WITH_PARAMS = ROUTES.filter((row) => pathOf(row.route).includes(':') && !row.stream);

describeApi(
  'hostile input',
  (ctx) => {
    for (const row of WITH_BODY) {
      it(`${row.route}: hostile bodies give 4xx, never 5xx or internals`, async () => {
        const world = await seedWorld(ctx.app);
        const send = sender(ctx.app, row, world);
        const valid = (row.request(world).payload ?? {}) as Record<string, unknown>;

        for (const [label, body] of HOSTILE_BODIES) {
          const payload = body === 'ARRAY_OF_VALID' ? [valid] : body;
          await send({ payload }, `body ${label}`);
        }
        for (const key of Object.keys(valid)) {
          for (const [label, value] of HOSTILE_VALUES) {
            await send({ payload: { ...valid, [key]: value } }, `${key} ${label}`);
          }
          const field = valid[key];
          // Inside a list of objects (ballot votes): each field of an item, and items of the wrong shape.
          if (Array.isArray(field) && typeof field[0] === 'object') {
            for (const itemKey of Object.keys(field[0] as object)) {
              for (const [label, value] of HOSTILE_VALUES) {
                const items = field.map((item) => ({ ...(item as object), [itemKey]: value }));
                await send({ payload: { ...valid, [key]: items } }, `${key}[].${itemKey} ${label}`);
              }
            }
          }
          if (Array.isArray(field)) {
            for (const [label, item] of HOSTILE_VALUES.slice(0, 12)) {
              await send({ payload: { ...valid, [key]: [item] } }, `${key}[] item ${label}`);
            }
            await send({ payload: { ...valid, [key]: Array(5000).fill(field[0]) } }, `${key} 5000 items`);
          }
          // An object where answers go: NUL in keys and values, prototype keys, deep nesting at the limit.
          if (typeof field === 'object' && field !== null && !Array.isArray(field)) {
            for (const [label, value] of [
              ['NUL in a value', { answer: 'a\u0000b' }],
              ['NUL in a key', { 'a\u0000b': 'x' }],
              ['escaped NUL in a nested value', { list: [{ text: '\u0000' }] }],
              ['lone surrogate key', { '\ud800': '\udfff' }],
              ['deep at the limit', deep(Math.floor((bodyLimit(row) - 200) / 6))],
              ['deep array at the limit', { a: deepArray(Math.floor((bodyLimit(row) - 200) / 2)) }],
              ['constructor key', { constructor: { prototype: { polluted: true } } }],
            ] as const) {
              await send({ payload: { ...valid, [key]: value } }, `${key} ${label}`);
            }
          }
        }

        // Keys JSON.parse would turn into prototype changes, and duplicate keys.
        const json = JSON.stringify(valid);
        const inner = json.slice(1, -1);
        for (const [label, raw] of [
          ['__proto__ key', `{"__proto__":{"polluted":true}${inner ? `,${inner}` : ''}}`],
          ['nested __proto__', `{${inner ? `${inner},` : ''}"x":{"__proto__":{"polluted":true}}}`],
          [
            'constructor.prototype',
            `{"constructor":{"prototype":{"polluted":true}}${inner ? `,${inner}` : ''}}`,
          ],
          ['duplicate keys', `{${inner}${inner ? `,${inner}` : ''}}`],
          [
            'duplicate keys of another type',
            `{${inner ? `${inner},` : ''}${inner.replace(/:("[^"]*"|[^,{}[\]]+)/g, ':{"x":[1]}')}}`,
          ],
          [
            'unicode-escaped __proto__',
            `{"\\u005f\\u005fproto\\u005f\\u005f":{"polluted":true}${inner ? `,${inner}` : ''}}`,
          ],
          ['truncated JSON', json.slice(0, -1)],
          ['trailing garbage', `${json} x`],
          ['two documents', `${json}${json}`],
          ['NaN', '{"x":NaN}'],
          ['comment', `/* hi */${json}`],
          ['empty', ''],
          ['whitespace', '   '],
          ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]).toString('latin1')],
        ] as const) {
          await send({ raw: raw === '' && methodOf(row.route) !== 'GET' ? '' : raw }, label);
        }
        expect(({} as Record<string, unknown>).polluted, 'Object.prototype untouched').toBeUndefined();

        // Over the body limit: 413, whatever the route.
        const tooLarge = await send({ payload: { ...valid, pad: 'x'.repeat(MB) } }, 'body over the limit');
        expect(tooLarge.statusCode).toBe(413);
        const justOver = await send(
          { payload: { ...valid, pad: 'x'.repeat(bodyLimit(row) + 1) } },
          'body just over the limit',
        );
        expect(justOver.statusCode).toBe(413);

        // Wrong content types: 415 (or 400), never 500. A route without a body ignores what it is sent
        // (Fastify reads text/plain itself), and a JSON charset parameter does not change JSON.
        const hasBody = row.request(world).payload !== undefined;
        for (const contentType of [
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/xml',
          'application/json; charset=utf-16',
          'application/json; charset=latin1',
          'application/jsonx',
          'text/json',
          '',
          'a'.repeat(2000),
        ]) {
          const response = await send(
            { raw: json, contentType },
            `content-type "${contentType.slice(0, 40)}"`,
          );
          const tolerated = !hasBody || contentType.startsWith('application/json;');
          if (!tolerated) expect([400, 415], contentType).toContain(response.statusCode);
        }
      });
    }

    for (const row of WITH_PARAMS) {
      it(`${row.route}: hostile params give 4xx, never 5xx or internals`, async () => {
        const world = await seedWorld(ctx.app);
        const send = sender(ctx.app, row, world);
        const valid = row.request(world);
        const [validPath, query] = valid.url.split('?') as [string, string | undefined];
        const pattern = pathOf(row.route).split('/');
        const segments = validPath.split('/');
        for (const [index, part] of pattern.entries()) {
          if (!part.includes(':')) continue;
          const prefix = part.slice(0, part.indexOf(':'));
          for (const [label, value] of HOSTILE_PARAMS) {
            const url = [...segments];
            url[index] = `${prefix}${value}`;
            await send({ url: url.join('/') + (query ? `?${query}` : ''), payload: valid.payload }, label);
          }
        }
        // Queries too (the ballot read names its team in the query).
        for (const [label, value] of HOSTILE_PARAMS) {
          await send(
            { url: `${validPath}?team_id=${value}&team_id=x`, payload: valid.payload },
            `query ${label}`,
          );
        }
      });
    }

    it('answers unknown and malformed API paths with a JSON 404', async () => {
      for (const url of [
        '/api/../../etc/passwd',
        '/api/%2e%2e/%2e%2e/etc/passwd',
        '/api/teams/..%2F..%2F..%2Fpackage.json',
        '/api/teams/%00',
        `/api/${'a'.repeat(10_000)}`,
        '/api/teams/AB12/avatar/../../..',
        '/api//teams',
      ]) {
        const response = await ctx.app.inject({ url, remoteAddress: nextAddress() });
        // `/api/../..` resolves outside the API (the SPA's plain 404); the rest stay API answers.
        expectSafe(response, url, !/^\/api\/(\.\.|%2e%2e)/.test(url));
        expect(response.body).not.toContain('"name"');
      }
    });
  },
  { config: model.appConfig },
);
