import * as React from 'react';
import { Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { Toaster } from '@/components/ui/toaster';
import { WorkspaceDialog } from '@/features/workspace/components/workspace-dialog';
import { WorkspaceProvider } from '@/features/workspace/workspace-context';
import { ErrorBoundary } from './error-fallback';
import { Footer } from './footer';
import { Header } from './header';

export function RootLayout() {
  const location = useLocation();
  return (
    <WorkspaceProvider>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-surface focus:px-3 focus:py-2 focus:shadow"
        >
          Skip to content
        </a>
        <Header />
        <div id="main" className="flex flex-1 flex-col">
          <ErrorBoundary resetKey={location.pathname}>
            <React.Suspense fallback={<FullPageSpinner />}>
              <Outlet />
            </React.Suspense>
          </ErrorBoundary>
        </div>
        {location.pathname !== '/' && <Footer />}
      </div>
      <WorkspaceDialog />
      <Toaster />
    </WorkspaceProvider>
  );
}
