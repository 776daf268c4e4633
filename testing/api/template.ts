import { readFileSync } from 'node:fs';
import { inject } from 'vitest';

let template: Blob | undefined;

/**
 * The migrated PGlite archive of this run (pglite-template.ts), read once per file; none outside vitest's
 * run. A PGlite database loaded from it opens in about a second of CPU; one made from nothing takes seconds.
 */
export function pgliteTemplate(): Blob | undefined {
  const file = inject('pgliteTemplate');
  if (!file) return undefined;
  template ??= new Blob([readFileSync(file)]);
  return template;
}
