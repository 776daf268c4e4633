import { HEADER_NAMES } from '@shared/phases';
import {
  CheckCircle2,
  ChevronDown,
  CircleUser,
  LayoutDashboard,
  LogIn,
  LogOut,
  Menu,
  Repeat,
  Sparkles,
} from 'lucide-react';
import * as React from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
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
import { useVisiblePhases } from '@/features/phase/hooks/use-visible-phases';
import { AvatarPicker } from '@/features/workspace/components/avatar-picker';
import { useWorkspace } from '@/features/workspace/workspace-context';
import { cn } from '@/lib/cn';

const NAV_INLINE = 4;

function phaseName(n: number) {
  return HEADER_NAMES[n - 1] ?? `Activity ${n}`;
}

export function Header() {
  const { team, isAdmin, openWorkspaceDialog, withTeam } = useWorkspace();
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
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm font-medium whitespace-nowrap text-muted-foreground hover:bg-muted hover:text-foreground',
                  isActive && 'bg-primary-soft text-primary hover:bg-primary-soft hover:text-primary',
                )
              }
            >
              {n < completedBefore ? (
                <CheckCircle2 className="size-3.5 text-success" aria-label="Completed" />
              ) : null}
              {phaseName(n)}
            </NavLink>
          ))}
          {more.length > 0 && (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="ghost" size="sm" className="text-muted-foreground">
                  More <ChevronDown aria-hidden />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="start">
                {more.map((n) => (
                  <DropdownMenuItem key={n} asChild>
                    <Link to={withTeam(`/phase/${n}`)}>
                      {n < completedBefore ? (
                        <CheckCircle2 className="text-success" aria-label="Completed" />
                      ) : null}
                      {n}. {phaseName(n)}
                    </Link>
                  </DropdownMenuItem>
                ))}
              </DropdownMenuContent>
            </DropdownMenu>
          )}
        </nav>

        <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
          {isAdmin && (
            <Button asChild variant="secondary" size="sm" className="hidden sm:inline-flex">
              <Link to="/admin">
                <LayoutDashboard aria-hidden /> Dashboard
              </Link>
            </Button>
          )}
          {team ? (
            <div className="flex items-center gap-2">
              <AvatarPicker />
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
          <AccountMenu />
          <MobileMenu phases={phases} completedBefore={completedBefore} />
        </div>
      </div>
    </header>
  );
}

function AccountMenu() {
  const { team, isAdmin, adminUsername, endWorkspace, logout } = useWorkspace();
  const navigate = useNavigate();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Account menu">
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
          <DropdownMenuItem onSelect={() => void endWorkspace()}>
            <Repeat aria-hidden /> Open Another Workspace
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
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function MobileMenu({ phases, completedBefore }: { phases: number[]; completedBefore: number }) {
  const { withTeam, isAdmin } = useWorkspace();
  const [open, setOpen] = React.useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open navigation menu">
          <Menu className="size-5!" aria-hidden />
        </Button>
      </SheetTrigger>
      <SheetContent>
        <SheetTitle className="pr-8 text-lg font-semibold">Navigate to Activity</SheetTitle>
        <SheetDescription className="sr-only">Jump to an activity or page</SheetDescription>
        <nav aria-label="Activities" className="flex flex-col gap-1">
          {phases.length === 0 && (
            <p className="text-sm text-muted-foreground">
              Open an activity from the home page to get started.
            </p>
          )}
          {phases.map((n) => (
            <NavLink
              key={n}
              to={withTeam(`/phase/${n}`)}
              onClick={() => setOpen(false)}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium hover:bg-muted',
                  isActive && 'bg-primary-soft text-primary',
                )
              }
            >
              <span className="flex size-7 items-center justify-center rounded-full bg-muted text-xs font-semibold">
                {n < completedBefore ? (
                  <CheckCircle2 className="size-4 text-success" aria-label="Completed" />
                ) : (
                  n
                )}
              </span>
              {phaseName(n)}
            </NavLink>
          ))}
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
