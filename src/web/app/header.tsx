import { HEADER_NAMES } from '@shared/phases';
import { CheckCircle2, ChevronDown, CircleUser, LayoutDashboard, Menu, Sparkles } from 'lucide-react';
import * as React from 'react';
import { Link } from 'wouter';
import { NavLink } from '@/components/nav-link';
import { Button, buttonVariants } from '@/components/ui/button';
import { useAdminStatus } from '@/features/admin/hooks/use-admin-status';
import { useVisiblePhases } from '@/features/phase/hooks/use-visible-phases';
import { avatarButtonLabel, TeamAvatar } from '@/features/workspace/components/team-avatar';
import { useWorkspace } from '@/features/workspace/workspace-context';
import { type PendingMenu, requestOpen } from '@/lib/pending-open';

// The menus load right after the first paint, keeping the landing page's JavaScript small.
const menus = () => import('./header-menus');
const AccountMenu = React.lazy(() => menus().then((m) => ({ default: m.AccountMenu })));
const MobileMenu = React.lazy(() => menus().then((m) => ({ default: m.MobileMenu })));
const MoreMenu = React.lazy(() => menus().then((m) => ({ default: m.MoreMenu })));
const AvatarPicker = React.lazy(() => import('@/features/workspace/components/avatar-picker'));

/** Looks like the real trigger; a click before the menus arrive is remembered and opens them on arrival. */
function PendingTrigger({
  menu,
  children,
  ...props
}: React.ComponentProps<typeof Button> & { menu: PendingMenu }) {
  return (
    // Radix triggers open on pointer down, so the request is taken then too: if the real trigger replaces
    // this one between pointer down and click, the menu still opens when it mounts.
    <Button {...props} onPointerDown={() => requestOpen(menu)} onClick={() => requestOpen(menu)}>
      {children}
    </Button>
  );
}

const NAV_INLINE = 4;

function phaseName(n: number) {
  return HEADER_NAMES[n - 1] ?? `Activity ${n}`;
}

export function Header() {
  const { team, openWorkspaceDialog, withTeam } = useWorkspace();
  const { isAdmin } = useAdminStatus();
  const phases = useVisiblePhases();
  const inline = phases.slice(0, NAV_INLINE);
  const more = phases.slice(NAV_INLINE);
  const completedBefore = team?.currentPhase ?? 0;

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
          {inline.map((n) => (
            <NavLink
              key={n}
              to={withTeam(`/phase/${n}`)}
              className={(isActive) =>
                `flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm font-medium whitespace-nowrap ${
                  isActive
                    ? 'bg-primary-soft text-primary'
                    : 'text-muted-foreground hover:bg-muted hover:text-foreground'
                }`
              }
            >
              {n < completedBefore ? (
                <CheckCircle2 className="size-3.5 text-success" aria-label="Completed" />
              ) : null}
              {phaseName(n)}
            </NavLink>
          ))}
          {more.length > 0 && (
            <React.Suspense
              fallback={
                <PendingTrigger menu="more" variant="ghost" size="sm" className="text-muted-foreground">
                  More <ChevronDown aria-hidden />
                </PendingTrigger>
              }
            >
              <MoreMenu phases={more} completedBefore={completedBefore} />
            </React.Suspense>
          )}
        </nav>

        <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
          {isAdmin && (
            <Link
              to="/admin"
              className={buttonVariants({ variant: 'secondary', size: 'sm', className: 'max-sm:hidden' })}
            >
              <LayoutDashboard aria-hidden /> Dashboard
            </Link>
          )}
          {team ? (
            <div className="flex items-center gap-2">
              <React.Suspense
                fallback={
                  <PendingTrigger
                    menu="avatar"
                    variant="ghost"
                    size="avatar"
                    aria-label={avatarButtonLabel('Change team avatar', team.name, team.avatarIcon)}
                  >
                    <TeamAvatar name={team.name} avatarIcon={team.avatarIcon} className="size-9 text-sm" />
                  </PendingTrigger>
                }
              >
                <AvatarPicker />
              </React.Suspense>
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
          ) : (
            <Button size="sm" onClick={() => openWorkspaceDialog()}>
              <Sparkles aria-hidden /> Enter/Create Workspace
            </Button>
          )}
          <React.Suspense
            fallback={
              <PendingTrigger menu="account" variant="ghost" size="icon" aria-label="Account menu">
                <CircleUser className="size-5!" aria-hidden />
              </PendingTrigger>
            }
          >
            <AccountMenu />
          </React.Suspense>
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
            <MobileMenu phases={phases} completedBefore={completedBefore} />
          </React.Suspense>
        </div>
      </div>
    </header>
  );
}
