import * as React from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ErrorBoundary } from './app/error-fallback';
import { loadDataLayer } from './app/data-layer-loader';
import { listenForMenuIntent } from './app/header';
import { AppRoutes, preloadPage } from './app/router';
import { practiceWasChosen } from './features/workspace';
import { loadAllLocalPhaseData } from './lib/practice-storage';
import { readWorkspaceMeta } from './lib/workspace-meta';
import { holdDeferredHydration } from './lib/deferred-hydration';
import { keepEarlyTyping } from './lib/early-typing';
import './styles.css';

const container = document.getElementById('root')!;
listenForMenuIntent();

// The page's frame and the landing page; every part that reads server state loads the data layer with it
// (docs/decisions/033-the-shell-and-the-data-layer.md).
const app = (
  <React.StrictMode>
    <ErrorBoundary>
      <AppRoutes />
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
// total blocking time stays low (docs/PERFORMANCE.md). Anyone but a first-time visitor has a session to show
// in the header from the first render, so the data layer comes first.
if (matchesPrerender()) {
  holdDeferredHydration();
  React.startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  // A pre-rendered page on screen stays there until the render that replaces it has the page's code: never
  // a spinner between the page and the page again (docs/decisions/049-one-story-in-the-room.md). What is
  // typed into its form meanwhile is kept, and typed into the app's form once it is ready.
  const prerendered = container.hasChildNodes();
  if (prerendered) keepEarlyTyping(container);
  void Promise.all([loadDataLayer(), prerendered ? preloadPage(window.location.pathname) : undefined])
    .catch(() => undefined)
    .then(() => React.startTransition(() => createRoot(container).render(app)));
}
