import * as React from 'react';
import { useLocation } from 'wouter';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/use-toast';
import { useWorkspaceUi, WorkspaceCodeSlot } from '@/features/workspace';
import { useEverTrue } from '@/lib/use-ever-true';
import { loadDataLayer, useDataLayer, whenIdle } from './data-layer-loader';
import { ErrorBoundary } from './error-fallback';
import { Footer } from './footer';
import { Header } from './header';

// The toaster loads when the first toast shows: the landing page's JavaScript does not carry it.
const Toaster = React.lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

function DeferredToaster() {
  const { toasts } = useToast();
  const showToaster = useEverTrue(toasts.length > 0);
  return <React.Suspense fallback={null}>{showToaster && <Toaster />}</React.Suspense>;
}

/**
 * What runs beside the pages on the data layer (app/data-layer.tsx): there once it has loaded. A first
 * visit loads it when the browser is first idle, or at once when the workspace dialog is asked for (it is
 * one of them); everyone else has it before the first render (main.tsx).
 */
function DataLayerHosts() {
  const data = useDataLayer();
  const dialogAsked = useWorkspaceUi().dialog.open;
  React.useEffect(() => {
    if (data) return;
    if (dialogAsked) void loadDataLayer();
    else void whenIdle().then(loadDataLayer);
  }, [data, dialogAsked]);
  return data ? <data.DataHosts /> : null;
}

/**
 * The room's pace, a bar along the bottom of the window (features/pace): there once the data layer has
 * loaded, for a page with a workspace open. After the page, so the room it keeps for itself is at the
 * page's very end and nothing moves when it arrives. Hidden while presenting, like the header.
 */
function PaceSlot() {
  const data = useDataLayer();
  return <div data-pace-slot="">{data ? <data.PaceBannerSlot /> : null}</div>;
}

/**
 * The frame of every page: header, the page (`children`, loaded on demand), footer, overlays. It reads no
 * server state itself: a change above a pre-rendered page still being adopted (hydrated) would make React
 * throw that page's HTML away.
 */
export function RootLayout({ children }: { children: React.ReactNode }) {
  const [pathname] = useLocation();
  return (
    <>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-surface focus:px-3 focus:py-2 focus:shadow"
        >
          Skip to content
        </a>
        <Header />
        {/* The Workspace Code card of a workspace created here, until dismissed: the team's own pages, and
            the join link's page, where a team may be created on its way into a cohort. Always mounted, so
            it knows when the page a new workspace arrived at is left (it says which pages show it). */}
        <WorkspaceCodeSlot />
        <div id="main" className="flex flex-1 flex-col">
          <ErrorBoundary resetKey={pathname}>
            <React.Suspense fallback={<FullPageSpinner />}>{children}</React.Suspense>
          </ErrorBoundary>
        </div>
        {pathname !== '/' && <Footer />}
      </div>
      <PaceSlot />
      <DataLayerHosts />
      <DeferredToaster />
    </>
  );
}
