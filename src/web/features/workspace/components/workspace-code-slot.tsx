import * as React from 'react';
import { useLocation } from 'wouter';
import { useSessionView } from '@/lib/session-view';
import { codeCardLeft, useCodeCardShown, useFreshCodeCard } from '../lib/code-card';

// The card and its QR code load only when a card is to be shown: not in the first route's code.
const WorkspaceCodeCard = React.lazy(() => import('./workspace-code-card'));

/** The pages that show the card: the team's own (landing, activities) and the join link's. */
const showsCard = (pathname: string) =>
  pathname === '/' || pathname.startsWith('/phase/') || pathname.startsWith('/join/');

/**
 * Under the header, on the landing page, the activity pages and the join link's page: the Workspace Code
 * card of a workspace created in this browser, until it is dismissed (lib/code-card.ts). Whole on the page
 * a workspace created in this page load arrives at; a one-line reminder on every other page, and once the
 * page has changed. Renders from the session's view, so it needs no data layer.
 */
export function WorkspaceCodeSlot() {
  const { team } = useSessionView();
  const shown = useCodeCardShown(team?.id);
  const [pathname] = useLocation();
  const fresh = useFreshCodeCard();
  // Leaving the page the new workspace arrived at makes its card the reminder for good (coming back too).
  const last = React.useRef(pathname);
  React.useEffect(() => {
    if (last.current === pathname) return;
    if (fresh && last.current === fresh.pathname) codeCardLeft();
    last.current = pathname;
  }, [pathname, fresh]);
  if (!team || !shown || !showsCard(pathname)) return null;
  const whole = fresh?.teamId === team.id && fresh.pathname === pathname;
  return (
    <React.Suspense fallback={null}>
      <WorkspaceCodeCard
        teamId={team.id}
        code={team.code}
        size={whole ? 'whole' : 'compact'}
        bringIntoView={whole && !fresh.presented}
      />
    </React.Suspense>
  );
}
