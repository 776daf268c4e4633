import type { QueryClient } from '@tanstack/react-query';
import { type PhaseConfig, PhaseConfigSchema } from '@shared/phase-config';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { loadDataLayer } from './app/data-layer-loader';
import { AppRoutes } from './app/router';
import { phaseConfigQueryOptions } from './lib/phase-config';

/**
 * Pages rendered to HTML at build time (scripts/build-client.mjs) for a first-time visitor, so they paint
 * before any JavaScript runs; the client then hydrates them (src/web/main.tsx). The first render only
 * starts the lazily loaded parts (header menus, the page, the prompt renderer); once they have arrived, a
 * later render holds them whole. A boundary left to the client (`<!--$!-->`) would fail hydration, so it stops the build.
 */
async function renderSettled(location: string, seed: (client: QueryClient) => void): Promise<string> {
  // The parts that read server state read the data layer's one client (app/data-layer.tsx): each page
  // starts it afresh, as a first visit's browser does.
  const { queryClient } = await loadDataLayer();
  const render = () => {
    queryClient.clear();
    seed(queryClient);
    return renderToString(
      <Router ssrPath={location}>
        <AppRoutes />
      </Router>,
    );
  };
  // Lazy parts nest (a lazy page holds lazy widgets): each pass starts the next level, and renders again
  // once the modules it asked for had a moment to load. A bound, not a wait: on an idle machine a few
  // passes suffice; beside busy processes a module can take seconds (six passes of 100 ms once failed a
  // build), so the passes go on until nothing is left to the client or a minute has gone.
  const deadline = Date.now() + 60_000;
  let html = render();
  while (html.includes('<!--$!-->') && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    html = render();
  }
  if (html.includes('<!--$!-->'))
    throw new Error(`The pre-render of ${location} left a boundary to the client`);
  return html;
}

export function renderLanding(): Promise<string> {
  return renderSettled('/', () => {});
}

/** The pages that read no data: the credits and the privacy notice. */
export const STATIC_PAGES = ['credits', 'privacy'] as const;

export function renderStaticPage(page: (typeof STATIC_PAGES)[number]): Promise<string> {
  return renderSettled(`/${page}`, () => {});
}

/** An activity page, with its config as the API serves it (parsed, defaults applied). */
export async function renderPhase(
  phase: number,
  raw: unknown,
): Promise<{ html: string; config: PhaseConfig }> {
  const config = PhaseConfigSchema.parse(raw);
  const html = await renderSettled(`/phase/${phase}`, (client) =>
    client.setQueryData(phaseConfigQueryOptions(phase).queryKey, config),
  );
  return { html, config };
}
