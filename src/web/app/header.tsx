import { CheckCircle2, ChevronDown, CircleUser, LayoutDashboard, Menu, Sparkles } from 'lucide-react';
import * as React from 'react';
import { PHASE_NUMBERS } from '@shared/phases';
import { Link, useLocation, useRoute } from 'wouter';
import { NavLink } from '@/components/nav-link';
import { Button, buttonVariants } from '@/components/ui/button';
import { openWorkspaceDialog } from '@/features/workspace';
import { PendingTrigger, requestOpenFromPress } from '@/lib/pending-open';
import {
  activityNames,
  allActivitiesHref,
  PARTIAL_LIST_NOTE,
  type ShellTeam,
  useSessionView,
  visiblePhases,
  withTeamCode,
} from '@/lib/session-view';
import { lazyWithData, loadIdlePartsNow, useDataLayer } from './data-layer-loader';

// The menus (and the data layer they read) load once the browser is idle after the first paint, keeping
// the landing page's JavaScript small; their pre-rendered buttons stand until then, and a click on one
// that the page has drawn itself (PendingTrigger) opens the menu when it arrives.
const menus = () => import('./header-menus');
const AccountMenu = lazyWithData(() => menus().then((m) => ({ default: m.AccountMenu })), { idle: true });
const MobileMenu = lazyWithData(() => menus().then((m) => ({ default: m.MobileMenu })), { idle: true });
const MoreMenu = lazyWithData(() => menus().then((m) => ({ default: m.MoreMenu })), { idle: true });

// How many activities the bar names, by width; the rest are under More. From 1024 px two fit beside the
// buttons on the right, from 1280 px (the header's full width) four, or three beside an instructor's
// Dashboard button. Should a bar still run short (long names, completed ticks), the names shorten with an
// ellipsis: More and the buttons never shrink, so nothing covers them.
const NAV_INLINE_LG = 2;
const NO_PHASES: readonly number[] = [];

const navInlineXl = (isAdmin: boolean) => (isAdmin ? 3 : 4);

/**
 * The header: logo, the activities this visitor may open, the workspace (or the button to enter one) and
 * the menus. It renders from the session's view (lib/session-view.ts), so the first route needs no data
 * layer.
 */
export function Header() {
  const session = useSessionView();
  const { team, isAdmin } = session;
  const withTeam = (path: string) => withTeamCode(team?.code, path);
  const [, params] = useRoute('/phase/:n');
  const [pathname] = useLocation();
  // An instructor's own pages (the dashboard, a team's work, the room screen, the programmes) are the
  // instructor's: no team's activity links, no workspace to enter.
  const instructorPage = isAdmin && /^\/admin(\/|$)/.test(pathname);
  const listed = useSameList(visiblePhases(session, Number(params?.n)));
  const phases = instructorPage ? NO_PHASES : listed;
  // A visitor's list holds the activities with answers and the open one; it says so, and where the rest are.
  const partial = !isAdmin && phases.length < PHASE_NUMBERS.length - session.switchedOff.length;
  const inlineXl = navInlineXl(isAdmin);
  const inline = phases.slice(0, inlineXl);
  const more = phases.slice(NAV_INLINE_LG);
  // Those of `more` the bar names from 1280 px: the menu leaves them out there, and is gone when empty.
  const moreInBarXl = inlineXl - NAV_INLINE_LG;
  const moreHiddenXl = more.length <= moreInBarXl ? 'xl:hidden' : '';
  // Done: every required field answered (src/shared/activity-done.ts); the check shows beside what is listed.
  const done = session.phasesDone;

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-3 sm:px-6">
        <Link
          to={withTeam('/')}
          className="flex shrink-0 items-center gap-2 rounded-md font-semibold tracking-tight"
        >
          <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
          <span className="hidden text-base sm:inline lg:text-lg">Applied GenAI Lab</span>
          <span className="sr-only sm:hidden">Applied GenAI Lab</span>
        </Link>

        <nav aria-label="Activities" className="ml-2 hidden min-w-0 items-center gap-1 lg:flex">
          {inline.map((n, i) => (
            <NavLink
              key={n}
              to={withTeam(`/phase/${n}`)}
              className={(isActive) =>
                `${i < NAV_INLINE_LG ? 'flex' : 'hidden xl:flex'} min-w-0 items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm font-medium whitespace-nowrap ${
                  isActive
                    ? 'bg-primary-soft text-primary'
                    : 'text-muted-foreground hover:bg-muted hover:text-foreground'
                }`
              }
            >
              {done.includes(n) ? (
                <CheckCircle2 className="size-3.5 shrink-0 text-success" aria-label="Done" />
              ) : null}
              {/* The number first, as the room says it ("everyone to activity 6"); then the name. */}
              <span className="truncate">
                {n}. {activityNames(session, n).header}
              </span>
            </NavLink>
          ))}
          {more.length > 0 && (
            <MoreMenuSlot phases={phases} inBarXl={moreInBarXl} done={done} className={moreHiddenXl} />
          )}
          {partial && (
            <Link
              to={allActivitiesHref(team?.code)}
              className="shrink-0 rounded-md px-2.5 py-1.5 text-sm font-medium whitespace-nowrap text-primary underline-offset-4 hover:underline"
              title={PARTIAL_LIST_NOTE}
              data-testid="all-activities-link"
            >
              All activities
              <span className="sr-only">: {PARTIAL_LIST_NOTE}</span>
            </Link>
          )}
        </nav>

        <div className="ml-auto flex shrink-0 items-center gap-1.5 sm:gap-2">
          {isAdmin && (
            // An instructor's first action: the dashboard, not a workspace.
            <Link
              to="/admin"
              className={buttonVariants({
                variant: team ? 'secondary' : 'default',
                size: 'sm',
                // On a phone the bar has room for one: the dashboard, unless a workspace is open.
                className: team ? 'max-sm:hidden' : undefined,
              })}
            >
              <LayoutDashboard aria-hidden /> Dashboard
            </Link>
          )}
          {team ? (
            <div className="flex items-center gap-2">
              <AvatarSlot team={team} />
              <div className="hidden min-w-0 flex-col leading-tight sm:flex">
                <span className="max-w-40 truncate text-sm font-semibold" data-testid="workspace-name">
                  {team.name}
                </span>
                <span
                  className="font-mono text-xs tracking-widest text-muted-foreground"
                  data-testid="workspace-code"
                >
                  {team.code}
                </span>
              </div>
              <span className="rounded-md bg-muted px-1.5 py-0.5 font-mono text-xs tracking-widest sm:hidden">
                {team.code}
              </span>
            </div>
          ) : instructorPage ? null : (
            <Button
              size="sm"
              variant={isAdmin ? 'ghost' : 'default'}
              className={isAdmin ? 'max-sm:hidden' : undefined}
              onClick={() => openWorkspaceDialog()}
            >
              <Sparkles aria-hidden /> Enter/Create Workspace
            </Button>
          )}
          <AccountMenuSlot />
          <MobileMenuSlot phases={phases} done={done} partial={partial} instructorPage={instructorPage} />
        </div>
      </div>
    </header>
  );
}

/*
 * The menus' places in the bar, each memoised. During a first visit's start-up the header renders again as
 * the session, the instructor's status and the saved answers answer; a Suspense boundary whose parent
 * renders again before its lazy menu has arrived gives up its pre-rendered HTML and is rendered afresh
 * (new DOM, in one long task). Memoised, with props that stay the same, the boundaries are left alone and
 * adopt their HTML when the menus arrive.
 */

const MoreMenuSlot = React.memo(function MoreMenuSlot({
  phases,
  inBarXl,
  done,
  className,
}: {
  phases: readonly number[];
  inBarXl: number;
  done: readonly number[];
  className: string;
}) {
  return (
    <React.Suspense
      fallback={
        <PendingTrigger
          menu="more"
          variant="ghost"
          size="sm"
          className={`text-muted-foreground ${className}`}
        >
          More <ChevronDown aria-hidden />
        </PendingTrigger>
      }
    >
      <MoreMenu phases={phases.slice(NAV_INLINE_LG)} inBarXl={inBarXl} done={done} className={className} />
    </React.Suspense>
  );
});

const AccountMenuSlot = React.memo(function AccountMenuSlot() {
  return (
    <React.Suspense
      fallback={
        <PendingTrigger menu="account" variant="ghost" size="icon" aria-label="Account menu">
          <CircleUser className="size-5!" aria-hidden />
        </PendingTrigger>
      }
    >
      <AccountMenu />
    </React.Suspense>
  );
});

const MobileMenuSlot = React.memo(function MobileMenuSlot({
  phases,
  done,
  partial,
  instructorPage,
}: {
  phases: readonly number[];
  done: readonly number[];
  partial: boolean;
  instructorPage: boolean;
}) {
  return (
    <React.Suspense
      fallback={
        <PendingTrigger
          menu="mobile"
          variant="ghost"
          size="icon"
          className="lg:hidden"
          aria-label="Open navigation menu"
        >
          <Menu className="size-5!" aria-hidden />
        </PendingTrigger>
      }
    >
      <MobileMenu phases={phases} done={done} partial={partial} instructorPage={instructorPage} />
    </React.Suspense>
  );
});

/**
 * The menus load once the browser is idle; a pointer or keyboard reaching for the header loads them at once,
 * and a press on one of their pre-rendered buttons (which has no handler until its menu has arrived) is
 * remembered and opens that menu on arrival. Native listeners on the document, set up as the page's code
 * starts (main.tsx): they work before React has adopted the header, and whatever part of it has arrived.
 */
export function listenForMenuIntent(): void {
  const inHeader = (event: Event) =>
    event.target instanceof Element && event.target.closest('header') !== null;
  const reach = (event: Event) => {
    if (inHeader(event)) loadIdlePartsNow();
  };
  const press = (event: Event) => {
    if (inHeader(event) && requestOpenFromPress(event.target)) loadIdlePartsNow();
  };
  document.addEventListener('pointerover', reach, { passive: true });
  document.addEventListener('focusin', reach);
  document.addEventListener('pointerdown', press, true);
  document.addEventListener('click', press, true);
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Enter' || event.key === ' ') press(event);
    },
    true,
  );
}

/** The avatar button, with its picker: a team is known only once the data layer, which draws it, has loaded. */
function AvatarSlot({ team }: { team: ShellTeam }) {
  const data = useDataLayer();
  return data ? <data.TeamAvatarSlot team={team} /> : null;
}

/** The activities' numbers as one value that stays the same while they do, so memoised parts see no change. */
function useSameList(list: number[]): readonly number[] {
  const key = list.join(',');
  return React.useMemo(() => (key === '' ? [] : key.split(',').map(Number)), [key]);
}
