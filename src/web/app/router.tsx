import * as React from 'react';
import { createBrowserRouter } from 'react-router';
import { LandingPage } from '@/features/landing/landing-page';
import { ErrorFallback } from './error-fallback';
import { RootLayout } from './root-layout';

// Every route but the landing page loads on demand, keeping the first route's JavaScript small. Tooltips
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

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <ErrorFallback error={new Error('The page could not be shown.')} />,
    children: [
      { path: '/', element: <LandingPage /> },
      {
        element: <TooltipLayout />,
        children: [
          { path: '/phase/:phaseId', element: <PhasePage /> },
          { path: '/admin', element: <AdminPage /> },
          { path: '/admin-login', element: <AdminLoginPage /> },
          { path: '/showcase', element: <ShowcasePage /> },
          { path: '/showcase/:cohortTag', element: <ShowcasePage /> },
          { path: '/results', element: <ResultsPage /> },
          { path: '/results/:cohortTag', element: <ResultsPage /> },
          { path: '/credits', element: <CreditsPage /> },
          { path: '/privacy', element: <PrivacyPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
