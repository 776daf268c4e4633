// Builds the client into `outDir`: the SPA (Vite), then the landing page, the eight activity pages and the
// credits and privacy pages pre-rendered to HTML (`landing.html`, `phase-N.html`, `credits.html`,
// `privacy.html`, served for `/`, `/phase/N`, `/credits` and `/privacy`), so the first paint needs no
// JavaScript.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vite = path.join(root, 'node_modules/vite/bin/vite.js');

export async function buildClient(outDir = path.join(root, 'dist/web')) {
  const run = (args) =>
    execFileSync(process.execPath, [vite, 'build', '--logLevel', 'warn', ...args], {
      cwd: root,
      stdio: 'inherit',
    });
  run(['--outDir', outDir]);

  // Inside the project, so the rendered module resolves its packages from node_modules.
  const ssrDir = path.join(root, 'dist', `.ssr-${process.pid}`);
  try {
    run(['--ssr', path.join(root, 'src/web/prerender.tsx'), '--outDir', ssrDir, '--emptyOutDir']);
    const { renderLanding, renderPhase, renderStaticPage, STATIC_PAGES } = await import(
      pathToFileURL(path.join(ssrDir, 'prerender.js')).href
    );
    const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root to fill');
    // React 19 writes a page's <title> where the component renders it; hydration expects it there, so it
    // stays. The browser names the tab from the first title, the head's: it gets the page's own title too.
    const headTitle = '<title>Applied GenAI Lab</title>';
    if (!html.includes(headTitle)) throw new Error(`index.html has no ${headTitle} to replace`);
    const page = (markup, data) => {
      const title = /<title>[^<]*<\/title>/.exec(markup)?.[0] ?? headTitle;
      return html
        .replace(headTitle, title)
        .replace(
          '<div id="root"></div>',
          `${data ? `<script type="application/json" id="prerendered-data">${JSON.stringify(data).replaceAll('<', '\\u003c')}</script>` : ''}<div id="root">${markup}</div>`,
        );
    };
    writeFileSync(path.join(outDir, 'landing.html'), page(await renderLanding()));
    for (const name of STATIC_PAGES) {
      writeFileSync(path.join(outDir, `${name}.html`), page(await renderStaticPage(name)));
    }
    for (let phase = 1; phase <= 8; phase++) {
      const raw = JSON.parse(readFileSync(path.join(root, 'content/phases', `phase-${phase}.json`), 'utf8'));
      const { html: markup, config } = await renderPhase(phase, raw);
      writeFileSync(path.join(outDir, `phase-${phase}.html`), page(markup, { phase, config }));
    }
  } finally {
    rmSync(ssrDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildClient(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
}
