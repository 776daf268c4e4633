import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './app/router';
import { createQueryClient } from './lib/query-client';

/**
 * The landing page as HTML, rendered at build time (scripts/build-client.mjs) for a visitor with no
 * workspace, so `/` paints before any JavaScript runs; the client then renders over it.
 */
export function renderLanding(): string {
  return renderToString(
    <QueryClientProvider client={createQueryClient()}>
      <StaticRouter location="/">
        <AppRoutes />
      </StaticRouter>
    </QueryClientProvider>,
  );
}
