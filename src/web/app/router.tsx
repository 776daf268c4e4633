import * as React from 'react';
import { Route, Switch } from 'wouter';
import { LandingPage } from '@/features/landing';
import { lazyWithData } from './data-layer-loader';
import { RootLayout } from './root-layout';
import { preloadable } from '@/lib/preloadable';

// Every route but the landing page loads on demand, keeping the first route's JavaScript small; the router
// itself is wouter (docs/decisions/008-router.md). A page that reads server state loads the data layer with
// it and renders inside its provider (docs/decisions/033-the-shell-and-the-data-layer.md). Tooltips (and
// their positioning engine) are only needed past the landing page, so their provider loads with them.
// Loading a page this way is the one place a module reaches into a feature past its index.ts
// (scripts/check-imports.mjs allows exactly this): a page exported from the index would be bundled with the
// first route.
const TooltipLayout = preloadable(() => import('./tooltip-layout'));
const PhasePage = lazyWithData(() => import('@/features/phase/phase-page'));
const AdminPage = lazyWithData(() => import('@/features/admin/admin-page'));
const AdminLoginPage = lazyWithData(() => import('@/features/admin/admin-login-page'));
const WorkPage = lazyWithData(() => import('@/features/phase/work-page'));
const ShowcasePage = lazyWithData(() => import('@/features/showcase/showcase-page'));
const ResultsPage = lazyWithData(() => import('@/features/results/results-page'));
const JoinCohortPage = lazyWithData(() => import('@/features/join-cohort/join-cohort-page'));
const RoomPage = lazyWithData(() => import('@/features/admin/room-page'));
const ProgrammePage = lazyWithData(() => import('@/features/programmes/programme-page'));
const CreditsPage = React.lazy(() =>
  import('@/features/static-pages/credits-page').then((m) => ({ default: m.CreditsPage })),
);
const PrivacyPage = React.lazy(() =>
  import('@/features/static-pages/privacy-page').then((m) => ({ default: m.PrivacyPage })),
);
const NotFoundPage = React.lazy(() =>
  import('@/features/static-pages/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

/**
 * Loads the code a page at `pathname` renders, ahead of its first render, for a page that arrives
 * pre-rendered and is rendered afresh (src/web/main.tsx): what is on screen stays until the render that
 * replaces it has the page, never a spinner in between. Only the activity pages need it.
 */
export async function preloadPage(pathname: string): Promise<void> {
  if (!/^\/phase\/[1-8]$/.test(pathname)) return;
  await Promise.all([
    TooltipLayout.preload(),
    PhasePage.preload(),
    import('@/features/phase/phase-page').then((m) => m.preloadActivityParts()),
  ]);
}

export function AppRoutes() {
  return (
    <RootLayout>
      <Switch>
        <Route path="/" component={LandingPage} />
        <Route>
          <TooltipLayout>
            <Switch>
              <Route path="/phase/:phaseId" component={PhasePage} />
              <Route path="/admin" component={AdminPage} />
              <Route path="/admin/teams/:teamId/work" component={WorkPage} />
              <Route path="/admin/cohorts/:cohortTag/room" component={RoomPage} />
              <Route path="/admin/programmes/:programmeId" component={ProgrammePage} />
              <Route path="/admin-login" component={AdminLoginPage} />
              <Route path="/showcase/:cohortTag?" component={ShowcasePage} />
              <Route path="/results/:cohortTag?" component={ResultsPage} />
              <Route path="/join" component={JoinCohortPage} />
              <Route path="/join/:code" component={JoinCohortPage} />
              <Route path="/credits" component={CreditsPage} />
              <Route path="/privacy" component={PrivacyPage} />
              <Route component={NotFoundPage} />
            </Switch>
          </TooltipLayout>
        </Route>
      </Switch>
    </RootLayout>
  );
}
