import * as React from 'react';
import { Route, Routes } from 'react-router';
import { LandingPage } from '@/features/landing/landing-page';
import { RootLayout } from './root-layout';

// Every route but the landing page loads on demand, keeping the first route's JavaScript small. Routes are
// declared with <Routes> rather than a data router: the app loads its data with TanStack Query, and the data
// router would double React Router's share of the first route (about 17 KB gzipped). Tooltips
// (and their positioning engine) are only needed past the landing page, so their provider loads with them.
const TooltipLayout = React.lazy(() => import('./tooltip-layout'));
const PhasePage = React.lazy(() => import('@/features/phase/phase-page'));
const AdminPage = React.lazy(() => import('@/features/admin/admin-page'));
const AdminLoginPage = React.lazy(() => import('@/features/admin/admin-login-page'));
const ShowcasePage = React.lazy(() => import('@/features/showcase/showcase-page'));
const ResultsPage = React.lazy(() => import('@/features/results/results-page'));
const CreditsPage = React.lazy(() =>
  import('@/features/static-pages/credits-page').then((m) => ({ default: m.CreditsPage })),
);
const PrivacyPage = React.lazy(() =>
  import('@/features/static-pages/privacy-page').then((m) => ({ default: m.PrivacyPage })),
);
const NotFoundPage = React.lazy(() =>
  import('@/features/static-pages/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path="/" element={<LandingPage />} />
        <Route element={<TooltipLayout />}>
          <Route path="/phase/:phaseId" element={<PhasePage />} />
          <Route path="/admin" element={<AdminPage />} />
          <Route path="/admin-login" element={<AdminLoginPage />} />
          <Route path="/showcase" element={<ShowcasePage />} />
          <Route path="/showcase/:cohortTag" element={<ShowcasePage />} />
          <Route path="/results" element={<ResultsPage />} />
          <Route path="/results/:cohortTag" element={<ResultsPage />} />
          <Route path="/credits" element={<CreditsPage />} />
          <Route path="/privacy" element={<PrivacyPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
