import { useQuery } from '@tanstack/react-query';
import { type AdminCohort, roomCodeText } from '@shared/schemas/cohort';
import { Maximize2, SearchX } from 'lucide-react';
import * as React from 'react';
import { Link, useParams } from 'wouter';
import { AccessDenied } from '@/components/access-denied';
import { ChimeSwitch } from '@/components/chime-switch';
import { CohortMessage } from '@/components/cohort-message';
import { PresentationFrame } from '@/components/presentation-frame';
import { Button, buttonVariants } from '@/components/ui/button';
import { FullPageSpinner, Spinner } from '@/components/ui/spinner';
import { JoinQr, joinPageAddress, joinUrl } from '@/features/join-cohort';
import { PacePanel, RoomPace } from '@/features/pace';
import { useAdminStatus } from '@/lib/admin-session';
import { decodeParam } from '@/lib/route-param';
import { usePresentation } from '@/lib/use-presentation';
import { activeCohortsQueryOptions } from './api/admin-cohorts';
import { useAdminEvents } from './hooks/use-admin-events';

/**
 * `/admin/cohorts/TAG/room`: the room's screen for a projector through the day (docs/product.md, Pacing the
 * room): the pace large ("Now: Activity 3", the time left, the message) beside the cohort's join link as a
 * QR code. "Present" fills the screen; the pace can be changed from the same page.
 */
export default function RoomPage() {
  const { isAdmin, adminLoading } = useAdminStatus();
  if (adminLoading) return <FullPageSpinner label="Checking admin access" />;
  if (!isAdmin) return <AccessDenied />;
  return <Room />;
}

function Room() {
  const params = useParams<{ cohortTag?: string }>();
  const tag = (decodeParam(params.cohortTag) ?? '').toLowerCase();
  const cohorts = useQuery(activeCohortsQueryOptions);
  const presentation = usePresentation();
  // Joins and the joining switch follow the dashboard's live lists.
  useAdminEvents();
  const cohort = cohorts.data?.find((c) => c.tag === tag);

  if (cohorts.isPending) return <FullPageSpinner label="Loading the cohort" />;
  if (!cohort) {
    return (
      <main className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6">
        <CohortMessage
          icon={SearchX}
          title="Cohort Not Found"
          headingLevel={1}
          tone="warning"
          action={
            <Link to="/admin" className={buttonVariants({ variant: 'outline' })}>
              Back to the dashboard
            </Link>
          }
        >
          No active cohort has this tag. Restore an archived cohort before showing its room.
        </CohortMessage>
      </main>
    );
  }
  if (presentation.presenting) {
    return (
      <PresentationFrame label="Room screen" title={cohort.name} onExit={presentation.exit}>
        <title>{`${cohort.name}: room screen · Applied GenAI Lab`}</title>
        <RoomScreen cohort={cohort} />
      </PresentationFrame>
    );
  }
  return (
    <main className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <title>{`${cohort.name}: room screen · Applied GenAI Lab`}</title>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Room screen: {cohort.name}</h1>
          <p className="mt-1 text-muted-foreground">
            For the projector: the room's pace and the join link, live. Change the pace below.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ChimeSwitch />
          <Link to="/admin" className={buttonVariants({ variant: 'outline' })}>
            Dashboard
          </Link>
          <Button onClick={presentation.enter} className="hidden sm:inline-flex">
            <Maximize2 aria-hidden /> Present
          </Button>
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="flex aspect-video min-h-0 flex-col overflow-hidden rounded-xl border border-border bg-background p-[2%]">
          <RoomScreen cohort={cohort} />
        </div>
        <PacePanel cohort={cohort} />
      </div>
    </main>
  );
}

/**
 * The screen itself: the pace (or the cohort's name while none is set) and the way in, sized to the screen's
 * box (container units), so the page's preview and the full screen read the same. The way in is what
 * Kahoot and Mentimeter show a room: a QR code for phones, and for a laptop a short address and a code to
 * type there ("lab.example.org/join", "KXM RTA").
 */
function RoomScreen({ cohort }: { cohort: AdminCohort }) {
  // An older server sends no room code: the QR code then carries the join link's, and nothing is to type.
  const url = joinUrl(cohort.roomCode ?? cohort.joinCode);
  return (
    <div className="grid min-h-0 flex-1 grid-cols-[minmax(0,1fr)_auto] items-center gap-[4cqw] [container-type:size]">
      <RoomPace
        tag={cohort.tag}
        programme={cohort.programme}
        empty={
          <div className="flex min-w-0 flex-col gap-[1.5cqh] break-words">
            <p className="text-[clamp(1rem,1.6cqw,2.5rem)] font-semibold tracking-wide text-primary uppercase">
              Welcome
            </p>
            <p className="text-[clamp(2rem,4.5cqw,7rem)] leading-[1.05] font-extrabold tracking-tight text-balance">
              {cohort.name}
            </p>
          </div>
        }
      />
      {cohort.joiningOpen ? (
        <figure
          aria-label={`How to join ${cohort.name}`}
          className="flex w-[min(52cqh,30cqw)] flex-col items-center gap-[1.2cqh] rounded-2xl border border-border bg-white p-[2.5cqh] text-center shadow-sm"
          data-testid="room-join"
        >
          <React.Suspense fallback={<Spinner className="size-8 text-primary" label="Drawing the QR code" />}>
            <JoinQr url={url} className="size-[min(34cqh,22cqw)]" />
          </React.Suspense>
          <figcaption className="flex w-full flex-col items-center gap-[0.6cqh] text-[clamp(0.5rem,1.2cqw,1.75rem)] font-medium text-muted-foreground">
            <span>Scan it, or go to</span>
            <span
              className="max-w-full font-mono text-[clamp(0.5rem,1.7cqw,2.5rem)] leading-tight font-bold break-all text-foreground"
              data-testid="room-join-address"
            >
              {joinPageAddress()}
            </span>
            {cohort.roomCode && (
              <>
                <span>and type</span>
                <span
                  className="font-mono text-[clamp(0.75rem,4.2cqw,6rem)] leading-none font-extrabold tracking-[0.12em] whitespace-nowrap text-primary"
                  data-testid="room-join-code"
                >
                  {roomCodeText(cohort.roomCode)}
                </span>
              </>
            )}
          </figcaption>
        </figure>
      ) : null}
    </div>
  );
}
