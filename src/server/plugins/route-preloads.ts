import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean; assets?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** Which lazily loaded modules (keys of Vite's manifest) each client route needs. */
const ROUTE_MODULES: [RegExp, string[]][] = [
  [/^\/phase\/[^/]+$/, ['app/tooltip-layout.tsx', 'features/phase/phase-page.tsx']],
  [/^\/admin$/, ['app/tooltip-layout.tsx', 'features/admin/admin-page.tsx']],
  [/^\/admin-login$/, ['app/tooltip-layout.tsx', 'features/admin/admin-login-page.tsx']],
  [/^\/showcase(\/[^/]+)?$/, ['app/tooltip-layout.tsx', 'features/showcase/showcase-page.tsx']],
  [/^\/results(\/[^/]+)?$/, ['app/tooltip-layout.tsx', 'features/results/results-page.tsx']],
  [/^\/credits$/, ['app/tooltip-layout.tsx', 'features/static-pages/credits-page.tsx']],
  [/^\/privacy$/, ['app/tooltip-layout.tsx', 'features/static-pages/privacy-page.tsx']],
];

/**
 * Who asks for a page: a first-time visitor, or a browser that already holds a team's workspace (its session
 * cookie, or a workspace link's `team_id` or `token`).
 */
export type Visitor = 'first-time' | 'team';

/**
 * index.html with the route's own chunks (and, for an activity, its config) announced up front, so the
 * browser fetches them in parallel with the entry instead of one after another. Pages are built once per
 * distinct head and kept.
 *
 * The pre-rendered pages are the Standard programme's, seen as a first-time visitor sees them: only a
 * first-time visitor gets them. A team's browser renders its own workspace over them anyway, and its cohort
 * may run another programme (docs/product.md, Programmes), whose team must never see the standard's
 * activities paint first: it gets the page without them, its chunks announced.
 */
export function createIndexPages(webRoot: string): (pathname: string, visitor?: Visitor) => string {
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  // The Latin text face is on every page: fetched with the CSS rather than after it, so text settles in
  // its real font sooner (the largest text is otherwise painted twice).
  const fonts = (entry?.assets ?? [])
    .filter((file) => /inter-latin-wght-normal-[^/]*\.woff2$/.test(file))
    .map((file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${file}">`);
  const withFonts = (page: string) =>
    fonts.length ? page.replace('</head>', `    ${fonts.join('\n    ')}\n  </head>`) : page;
  const html = withFonts(readFileSync(path.join(webRoot, 'index.html'), 'utf8'));
  // The landing page pre-rendered at build time (scripts/build-client.mjs), when there is one.
  const landingFile = path.join(webRoot, 'landing.html');
  const landing = existsSync(landingFile) ? withFonts(readFileSync(landingFile, 'utf8')) : html;
  // The activity pages pre-rendered the same way, one per phase, and the credits and the privacy notice.
  // They paint without JavaScript (an activity carries its config), so they get no preloads: the page's
  // chunks follow the entry instead of competing with the first paint for the network.
  const prerendered = new Map<string, string>();
  const prerenderedFiles: [string, string][] = [
    ...Array.from({ length: 8 }, (_, i): [string, string] => [`/phase/${i + 1}`, `phase-${i + 1}.html`]),
    ['/credits', 'credits.html'],
    ['/privacy', 'privacy.html'],
  ];
  for (const [pathname, name] of prerenderedFiles) {
    const file = path.join(webRoot, name);
    if (existsSync(file)) prerendered.set(pathname, withFonts(readFileSync(file, 'utf8')));
  }
  const alreadyLoaded = new Set(
    entry
      ? files(
          manifest,
          Object.keys(manifest).filter((k) => manifest[k] === entry),
        )
      : [],
  );
  const cache = new Map<string, string>();

  return (pathname, visitor = 'first-time') => {
    if (visitor === 'first-time') {
      if (pathname === '/') return landing;
      const built = prerendered.get(pathname);
      if (built) return built;
    }
    const modules = ROUTE_MODULES.find(([pattern]) => pattern.test(pathname))?.[1] ?? [];
    const phase = /^\/phase\/([1-8])$/.exec(pathname)?.[1];
    const key = `${modules.join(',')}|${phase ?? ''}`;
    let page = cache.get(key);
    if (!page) {
      const links = files(manifest, modules)
        .filter((file) => !alreadyLoaded.has(file))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
      if (phase) {
        links.push(
          `<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/configs/phase-${phase}">`,
        );
      }
      page = links.length ? html.replace('</head>', `    ${links.join('\n    ')}\n  </head>`) : html;
      cache.set(key, page);
    }
    return page;
  };
}

/** The chunk files of the given modules and everything they import statically, each once. */
function files(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    out.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return out;
}
