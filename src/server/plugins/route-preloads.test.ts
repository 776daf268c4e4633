import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createIndexPages } from './route-preloads.ts';

function webRoot(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'genai-preload-'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, 'index.html'), '<html><head><title>x</title></head><body></body></html>');
  const manifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'] },
    '_react.js': { file: 'assets/react-2.js' },
    '_ui.js': { file: 'assets/ui-3.js', imports: ['_react.js'] },
    'app/tooltip-layout.tsx': { file: 'assets/tooltip-4.js', imports: ['_ui.js'] },
    'features/phase/phase-page.tsx': { file: 'assets/phase-5.js', imports: ['_ui.js', '_react.js'] },
  };
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

describe('index pages with route preloads', () => {
  const page = createIndexPages(webRoot());

  it("announces an activity's chunks once each, and its config", () => {
    const html = page('/phase/3');
    expect(html.match(/rel="modulepreload"/g)).toHaveLength(3);
    for (const file of ['tooltip-4', 'ui-3', 'phase-5']) expect(html).toContain(`href="/assets/${file}.js"`);
    // Already loaded by the entry itself: not announced again.
    expect(html).not.toContain('react-2');
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/configs/phase-3">',
    );
  });

  it('leaves the landing page and unknown paths as built', () => {
    expect(page('/')).toBe('<html><head><title>x</title></head><body></body></html>');
    expect(page('/no/such/page')).not.toContain('modulepreload');
    expect(page('/phase/9')).not.toContain('/api/configs/');
  });

  it('serves the pre-rendered pages for /, an activity, /credits and /privacy, without preloads', () => {
    const dir = webRoot();
    writeFileSync(
      path.join(dir, 'landing.html'),
      '<html><head></head><body><main>Applied GenAI Lab</main></body></html>',
    );
    writeFileSync(
      path.join(dir, 'phase-3.html'),
      '<html><head></head><body><main>Evidence Research</main></body></html>',
    );
    for (const name of ['credits', 'privacy']) {
      writeFileSync(
        path.join(dir, `${name}.html`),
        `<html><head></head><body><main>${name}</main></body></html>`,
      );
    }
    const pages = createIndexPages(dir);
    expect(pages('/credits')).toBe('<html><head></head><body><main>credits</main></body></html>');
    expect(pages('/privacy')).toBe('<html><head></head><body><main>privacy</main></body></html>');
    expect(pages('/credits/more')).not.toContain('<main>');
    expect(pages('/')).toContain('<main>Applied GenAI Lab</main>');
    expect(pages('/phase/3')).toContain('<main>Evidence Research</main>');
    expect(pages('/phase/3')).not.toContain('modulepreload');
    expect(pages('/phase/2')).toContain('href="/api/configs/phase-2"');
    // A team's browser gets the pages without the standard's content, with their chunks announced.
    expect(pages('/', 'team')).not.toContain('<main>');
    expect(pages('/phase/3', 'team')).not.toContain('<main>');
    expect(pages('/phase/3', 'team')).toContain('modulepreload');
    expect(pages('/credits', 'team')).not.toContain('<main>');
  });
});
