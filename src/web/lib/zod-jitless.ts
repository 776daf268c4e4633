// The browser's `zod` (vite.config.ts aliases it here): the same API, configured once without the JIT,
// whose `new Function` probe our CSP refuses. `zod/v4` is the same package under a path the alias skips.
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { z } from 'zod/v4';
