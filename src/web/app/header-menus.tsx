import { clsx } from 'clsx';
import {
  ArrowLeftRight,
  CheckCircle2,
  ChevronDown,
  CircleUser,
  LayoutDashboard,
  LogIn,
  LogOut,
  Menu,
  Repeat,
  Trash2,
} from 'lucide-react';
import * as React from 'react';
import { Link, useLocation } from 'wouter';
import { NavLink } from '@/components/nav-link';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { toast } from '@/components/ui/use-toast';
import { useAdminLogout } from '@/features/admin';
import { useAdminStatus } from '@/lib/admin-session';
import {
  DeleteWorkspaceSlot,
  forgetPracticeChoice,
  openWorkspaceDialog,
  useEndWorkspace,
  useWorkspace,
} from '@/features/workspace';
import { cn } from '@/lib/cn';
import { messages } from '@/lib/messages';
import { usePendingOpen } from '@/lib/pending-open';
import { activityNames, allActivitiesHref, PARTIAL_LIST_NOTE, useSessionView } from '@/lib/session-view';

/**
 * The header's menus (Radix dropdowns and the phone sheet). They load right after the first paint, so the
 * landing page's JavaScript stays small; a click that comes before they arrive opens them on arrival.
 */

/** The activities the bar does not name; the first `inBarXl` of them it names from 1280 px (header.tsx). */
export function MoreMenu({
  phases,
  inBarXl,
  done,
  className,
}: {
  phases: readonly number[];
  inBarXl: number;
  /** The activities done (src/shared/activity-done.ts): a check beside them. */
  done: readonly number[];
  className?: string;
}) {
  const { withTeam } = useWorkspace();
  const session = useSessionView();
  const [open, setOpen] = usePendingOpen('more');
  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className={clsx('text-muted-foreground', className)}
          data-menu="more"
        >
          More <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        {phases.map((n, i) => (
          <DropdownMenuItem key={n} asChild className={i < inBarXl ? 'xl:hidden' : undefined}>
            <Link to={withTeam(`/phase/${n}`)}>
              {done.includes(n) ? <CheckCircle2 className="text-success" aria-label="Done" /> : null}
              {n}. {activityNames(session, n).header}
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/**
 * Leaving a workspace: the team session ends and the workspace dialog asks for the next one (Open Another
 * Workspace, and an instructor's Switch Team).
 */
function useSwitchWorkspace() {
  const end = useEndWorkspace();
  return () =>
    end.mutate(undefined, {
      onSuccess: () => {
        toast(messages.workspaceEnded);
        openWorkspaceDialog({ destination: 'phase' });
      },
      onError: () => toast({ variant: 'destructive', ...messages.switchWorkspaceFailed }),
    });
}

/** Logout ends both sessions this browser may hold: the team's and the instructor's. */
function useLogout() {
  const { isAdmin } = useAdminStatus();
  const endWorkspace = useEndWorkspace();
  const adminLogout = useAdminLogout();
  return async () => {
    const ended = await Promise.allSettled([
      endWorkspace.mutateAsync(),
      isAdmin ? adminLogout.mutateAsync() : undefined,
    ]);
    if (ended.some((result) => result.status === 'rejected')) {
      toast({ variant: 'destructive', ...messages.logoutFailed });
      return;
    }
    forgetPracticeChoice();
    toast(messages.loggedOut);
  };
}

export function AccountMenu() {
  const { team } = useWorkspace();
  const { isAdmin, adminUsername } = useAdminStatus();
  const [, navigate] = useLocation();
  const [open, setOpen] = usePendingOpen('account');
  const switchWorkspace = useSwitchWorkspace();
  const logout = useLogout();
  const [deleting, setDeleting] = React.useState(false);
  return (
    <>
      <DropdownMenu open={open} onOpenChange={setOpen}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label="Account menu" data-menu="account">
            <CircleUser className="size-5!" aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {(team || isAdmin) && (
            <>
              <DropdownMenuLabel>{isAdmin ? `Signed in as ${adminUsername}` : team?.name}</DropdownMenuLabel>
              <DropdownMenuSeparator />
            </>
          )}
          {isAdmin && (
            <DropdownMenuItem onSelect={() => navigate('/admin')}>
              <LayoutDashboard aria-hidden /> Admin Dashboard
            </DropdownMenuItem>
          )}
          {team && (
            <DropdownMenuItem onSelect={switchWorkspace}>
              <Repeat aria-hidden /> Open Another Workspace
            </DropdownMenuItem>
          )}
          {isAdmin && team && (
            // An instructor looking at a team's workspace: leave it (team session out) and pick another.
            <DropdownMenuItem onSelect={switchWorkspace}>
              <ArrowLeftRight aria-hidden /> Switch Team
            </DropdownMenuItem>
          )}
          {team || isAdmin ? (
            <DropdownMenuItem onSelect={() => void logout()}>
              <LogOut aria-hidden /> Logout
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem onSelect={() => navigate('/admin-login')}>
              <LogIn aria-hidden /> Admin Login
            </DropdownMenuItem>
          )}
          {team && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem
                className="text-destructive data-[highlighted]:bg-destructive-soft [&_svg]:text-destructive"
                onSelect={() => setDeleting(true)}
              >
                <Trash2 aria-hidden /> Delete workspace
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {team && <DeleteWorkspaceSlot team={team} open={deleting} onOpenChange={setDeleting} />}
    </>
  );
}

export function MobileMenu({
  phases,
  done,
  partial = false,
  instructorPage = false,
}: {
  phases: readonly number[];
  done: readonly number[];
  /** Only some activities are listed (those with answers and the open one): the sheet says so. */
  partial?: boolean;
  /** An instructor's own page: no team's activities to list. */
  instructorPage?: boolean;
}) {
  const { withTeam } = useWorkspace();
  const session = useSessionView();
  const { isAdmin } = useAdminStatus();
  const [open, setOpen] = usePendingOpen('mobile');
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="lg:hidden"
          aria-label="Open navigation menu"
          data-menu="mobile"
        >
          <Menu className="size-5!" aria-hidden />
        </Button>
      </SheetTrigger>
      <SheetContent>
        <SheetTitle className="pr-8 text-lg font-semibold">Navigate to Activity</SheetTitle>
        <SheetDescription className="sr-only">Jump to an activity or page</SheetDescription>
        <nav aria-label="Activities" className="flex flex-col gap-1">
          {phases.length === 0 && !instructorPage && (
            <p className="text-sm text-muted-foreground">
              Open an activity from the home page to get started.
            </p>
          )}
          {phases.map((n) => (
            <NavLink
              key={n}
              to={withTeam(`/phase/${n}`)}
              onClick={() => setOpen(false)}
              className={(isActive) =>
                cn(
                  'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium hover:bg-muted',
                  isActive && 'bg-primary-soft text-primary',
                )
              }
            >
              <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-semibold">
                {n}
                <span className="sr-only">.</span>
              </span>
              {activityNames(session, n).header}
              {done.includes(n) ? (
                <CheckCircle2 className="ml-auto size-4 shrink-0 text-success" aria-label="Done" />
              ) : null}
            </NavLink>
          ))}
          {partial && phases.length > 0 && (
            <p className="px-3 pt-2 text-sm text-muted-foreground" data-testid="partial-list-note">
              {PARTIAL_LIST_NOTE}{' '}
              <Link
                to={allActivitiesHref(session.team?.code)}
                onClick={() => setOpen(false)}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                All activities
              </Link>
            </p>
          )}
        </nav>
        <div className="mt-auto flex flex-col gap-1 border-t border-border pt-4">
          <Link
            to={withTeam('/')}
            onClick={() => setOpen(false)}
            className="rounded-lg px-3 py-2 text-sm hover:bg-muted"
          >
            Home
          </Link>
          {isAdmin && (
            <Link
              to="/admin"
              onClick={() => setOpen(false)}
              className="rounded-lg px-3 py-2 text-sm hover:bg-muted"
            >
              Dashboard
            </Link>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
