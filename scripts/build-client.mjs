// Builds the client into `outDir`: the SPA (Vite), then the landing page pre-rendered to HTML
// (`landing.html`, served for `/`), so the first paint needs no JavaScript.
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
    const { renderLanding } = await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href);
    // React 19 renders <title> where it stands; the document already has one.
    const markup = renderLanding().replace(/<title>[^<]*<\/title>/g, '');
    const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root to fill');
    writeFileSync(
      path.join(outDir, 'landing.html'),
      html.replace('<div id="root"></div>', `<div id="root">${markup}</div>`),
    );
  } finally {
    rmSync(ssrDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildClient(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
}
