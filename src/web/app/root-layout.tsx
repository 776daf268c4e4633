import * as React from 'react';
import { useLocation } from 'wouter';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/use-toast';
import { WorkspaceProvider, useWorkspace } from '@/features/workspace/workspace-context';
import { ErrorBoundary } from './error-fallback';
import { Footer } from './footer';
import { Header } from './header';

// Overlays load when first needed: the landing page's JavaScript carries neither.
const WorkspaceDialog = React.lazy(() =>
  import('@/features/workspace/components/workspace-dialog').then((m) => ({ default: m.WorkspaceDialog })),
);
const Toaster = React.lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

function useEverTrue(value: boolean): boolean {
  const [ever, setEver] = React.useState(value);
  if (value && !ever) setEver(true);
  return ever || value;
}

function DeferredOverlays() {
  const { dialog } = useWorkspace();
  const { toasts } = useToast();
  const showDialog = useEverTrue(dialog.open);
  const showToaster = useEverTrue(toasts.length > 0);
  return (
    <React.Suspense fallback={null}>
      {showDialog && <WorkspaceDialog />}
      {showToaster && <Toaster />}
    </React.Suspense>
  );
}

/** The frame of every page: header, the page (`children`, loaded on demand), footer, overlays. */
export function RootLayout({ children }: { children: React.ReactNode }) {
  const [pathname] = useLocation();
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
          <ErrorBoundary resetKey={pathname}>
            <React.Suspense fallback={<FullPageSpinner />}>{children}</React.Suspense>
          </ErrorBoundary>
        </div>
        {pathname !== '/' && <Footer />}
      </div>
      <DeferredOverlays />
    </WorkspaceProvider>
  );
}
