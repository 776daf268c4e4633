import { QueryClientProvider } from '@tanstack/react-query';
import * as React from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ErrorBoundary } from './app/error-fallback';
import { AppRoutes } from './app/router';
import { phaseConfigQueryOptions } from './lib/phase-config';
import { practiceWasChosen } from './features/workspace';
import { loadAllLocalPhaseData } from './lib/practice-storage';
import { readWorkspaceMeta } from './lib/workspace-meta';
import { holdDeferredHydration } from './lib/deferred-hydration';
import { createQueryClient } from './lib/query-client';
import './styles.css';

const queryClient = createQueryClient();
const container = document.getElementById('root')!;

// A pre-rendered activity page carries the config it was rendered with: the first render uses it as is.
const prerendered = document.getElementById('prerendered-data')?.textContent;
if (prerendered) {
  const { phase, config } = JSON.parse(prerendered) as { phase: number; config: unknown };
  queryClient.setQueryData(phaseConfigQueryOptions(phase).queryKey, config as never);
}
const app = (
  <React.StrictMode>
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <AppRoutes />
      </QueryClientProvider>
    </ErrorBoundary>
  </React.StrictMode>
);

/**
 * `/`, `/phase/N`, `/credits` and `/privacy` arrive pre-rendered for a first-time visitor
 * (scripts/build-client.mjs). When this visitor is one (no workspace, practice answers or "Try without
 * saving" in this browser, no code or token in the URL), React adopts that HTML (hydration) instead of
 * painting the page again; anyone else gets a fresh render over it.
 */
function matchesPrerender(): boolean {
  const params = new URLSearchParams(window.location.search);
  return (
    container.hasChildNodes() &&
    /^\/(phase\/[1-8]|credits|privacy)?$/.test(window.location.pathname) &&
    !params.has('team_id') &&
    !params.has('token') &&
    readWorkspaceMeta() === null &&
    Object.keys(loadAllLocalPhaseData()).length === 0 &&
    !practiceWasChosen()
  );
}

// In a transition, React renders (and hydrates) in slices, yielding to the browser every few milliseconds,
// instead of one long task: a click or a key press during start-up is handled at once, and Lighthouse's
// total blocking time stays low (docs/PERFORMANCE.md).
React.startTransition(() => {
  if (matchesPrerender()) {
    holdDeferredHydration();
    hydrateRoot(container, app);
  } else {
    createRoot(container).render(app);
  }
});
