import { useQuery } from '@tanstack/react-query';
import { JOIN_PAGE_PATH, joinCodeOf, joinPath } from '@shared/schemas/cohort';
import { CheckCircle2, DoorOpen, SearchX, Users } from 'lucide-react';
import * as React from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { CohortMessage } from '@/components/cohort-message';
import { FormField } from '@/components/form-field';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FullPageSpinner, Spinner } from '@/components/ui/spinner';
import { openWorkspaceDialog, useTeamSession, useWorkspace } from '@/features/workspace';
import { useAdminStatus } from '@/lib/admin-session';
import { serverMessageOf } from '@/lib/api-client';
import { decodeParam } from '@/lib/route-param';
import { teamActivitiesHref, useSessionView } from '@/lib/session-view';
import { joinPreviewQueryOptions, useJoinCohort } from './api/join-cohort';

/**
 * `/join/CODE`, a cohort's join link (docs/product.md, Pacing the room and joining a cohort): a team opens it
 * in its workspace (the workspace dialog first when it has none), reads "Join cohort X?" (or, in another
 * cohort, "Move from A to B?") and joins with one press. A code no cohort has, closed joining and an archived
 * cohort are each said plainly, and nothing changes.
 */
export default function JoinCohortPage() {
  const params = useParams<{ code?: string }>();
  if (params.code === undefined) {
    return (
      <JoinMain>
        <TypeRoomCode />
      </JoinMain>
    );
  }
  return <JoinByCode code={joinCodeOf(decodeParam(params.code) ?? '')} />;
}

function JoinMain({ children }: { children: React.ReactNode }) {
  return (
    <main className="mx-auto flex w-full max-w-7xl flex-1 flex-col justify-center px-4 py-10 sm:px-6">
      <title>Join a cohort · Applied GenAI Lab</title>
      {children}
    </main>
  );
}

/**
 * `/join`, the short address the room's screen shows: a person types the room code beside it ("KXM RTA")
 * and goes on to `/join/CODE`, the page a scanned QR code opens.
 */
function TypeRoomCode() {
  const [, navigate] = useLocation();
  const [typed, setTyped] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const inputId = React.useId();
  const errorId = React.useId();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const code = joinCodeOf(typed);
    if (!code) {
      setError(
        typed.trim()
          ? "That is not a room code: it has 6 letters, like KXM RTA. Check it on the room's screen."
          : "Type the room code on the room's screen.",
      );
      return;
    }
    navigate(joinPath(code));
  };
  return (
    <CohortMessage
      icon={DoorOpen}
      title="Join a cohort"
      headingLevel={1}
      action={
        <form onSubmit={submit} noValidate className="flex w-full max-w-sm flex-col gap-3 text-left">
          <FormField id={inputId} label="Room code">
            <Input
              id={inputId}
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value.toUpperCase());
                setError(null);
              }}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              placeholder="KXM RTA"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="h-14 text-center font-mono text-2xl tracking-[0.2em] uppercase"
              data-testid="room-code-input"
            />
          </FormField>
          {error && (
            <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
          <Button type="submit" size="lg">
            Continue
          </Button>
        </form>
      }
    >
      Type the room code your instructor's screen shows. Your workspace joins the cohort after one
      confirmation.
    </CohortMessage>
  );
}

function JoinByCode({ code }: { code: string | undefined }) {
  const { mode, teamLoading } = useWorkspace();
  const session = useTeamSession();
  const { isAdmin, adminLoading } = useAdminStatus();

  let body: React.ReactNode;
  if (!code) {
    body = (
      <CohortMessage
        icon={SearchX}
        title="This join link is not valid"
        headingLevel={1}
        tone="warning"
        action={
          <Link to={JOIN_PAGE_PATH} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
            Type the room code
          </Link>
        }
      >
        Check the link with your instructor, or scan the code on the room's screen again.
      </CohortMessage>
    );
  } else if (mode.kind === 'workspace' && session.data?.id === mode.team.id) {
    body = <JoinConfirmation teamId={mode.team.id} teamName={mode.team.name} code={code} />;
  } else if (teamLoading || session.isPending || adminLoading || mode.kind === 'workspace') {
    body = <FullPageSpinner label="Opening your workspace" />;
  } else if (isAdmin) {
    body = (
      <CohortMessage icon={Users} title="A join link for teams" headingLevel={1}>
        Teams open this link in their own workspace to join the cohort. You are signed in as an instructor.
      </CohortMessage>
    );
  } else {
    body = (
      <CohortMessage
        icon={DoorOpen}
        title="Join a cohort"
        headingLevel={1}
        action={
          <Button size="lg" onClick={() => openWorkspaceDialog({ destination: 'here' })}>
            Open Your Workspace
          </Button>
        }
      >
        Open your team's workspace first (or create one): then join the cohort with one press.
      </CohortMessage>
    );
  }
  return <JoinMain>{body}</JoinMain>;
}

function JoinConfirmation({ teamId, teamName, code }: { teamId: string; teamName: string; code: string }) {
  const preview = useQuery(joinPreviewQueryOptions(teamId, code));
  const join = useJoinCohort(teamId, code);
  // Back to the team's own activity, in its workspace: not the home page's top.
  const { team, switchedOff } = useSessionView();
  const activities = team ? teamActivitiesHref(team, switchedOff) : '/';
  const home = (
    <Link to={activities} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
      Back to your activities
    </Link>
  );

  if (join.isSuccess) {
    return (
      <CohortMessage
        icon={CheckCircle2}
        title={`You joined ${join.data.cohort.name}`}
        headingLevel={1}
        tone="celebrate"
        action={home}
      >
        <span role="status">
          {teamName} is in {join.data.cohort.name} now. Your instructor sees it on the dashboard, and your
          pages show what the instructor sends the room.
        </span>
      </CohortMessage>
    );
  }
  if (preview.isPending) return <FullPageSpinner label="Reading the join link" />;
  if (preview.isError) {
    return (
      <CohortMessage
        icon={SearchX}
        title="You cannot join with this link now"
        headingLevel={1}
        tone="warning"
        action={
          <div className="flex flex-wrap justify-center gap-3">
            <Button variant="outline" size="lg" onClick={() => void preview.refetch()}>
              Try again
            </Button>
            <Link to={JOIN_PAGE_PATH} className={buttonVariants({ variant: 'ghost', size: 'lg' })}>
              Type the code again
            </Link>
          </div>
        }
      >
        <span role="alert">
          {serverMessageOf(preview.error) ?? 'The join link could not be read. Please try again.'}
        </span>
      </CohortMessage>
    );
  }
  const { cohort, from } = preview.data;
  if (from?.tag === cohort.tag) {
    return (
      <CohortMessage
        icon={CheckCircle2}
        title={`Your team is in ${cohort.name}`}
        headingLevel={1}
        action={home}
      >
        {teamName} has already joined this cohort: there is nothing more to do.
      </CohortMessage>
    );
  }
  const moving = from !== null;
  const joinError = join.isError
    ? (serverMessageOf(join.error) ?? 'Joining failed. Please try again.')
    : null;
  return (
    <CohortMessage
      icon={Users}
      title={moving ? `Move from ${from.name} to ${cohort.name}?` : `Join cohort ${cohort.name}?`}
      headingLevel={1}
      action={
        <div className="flex flex-col items-center gap-3">
          <div className="flex flex-wrap justify-center gap-3">
            <Button size="lg" onClick={() => join.mutate(moving)} disabled={join.isPending}>
              {join.isPending && <Spinner className="size-4 text-current" label="Joining" />}
              {moving ? `Move to ${cohort.name}` : 'Join cohort'}
            </Button>
            <Link to={activities} className={buttonVariants({ variant: 'ghost', size: 'lg' })}>
              Not now
            </Link>
          </div>
          {joinError && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {joinError}
            </p>
          )}
        </div>
      }
    >
      {moving
        ? `${teamName} is in ${from.name}. Moving takes it out of ${from.name}: its showcase and results are ${cohort.name}'s from then on. Your answers stay.`
        : `${teamName} joins ${cohort.name}: your instructor sees it on the dashboard, and your pages show what the instructor sends the room.`}
    </CohortMessage>
  );
}
