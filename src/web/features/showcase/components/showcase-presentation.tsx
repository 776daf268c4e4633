import type { CohortStatus } from '@shared/schemas/cohort';
import type { ShowcaseTeam } from '@shared/schemas/showcase';
import { CircleCheck } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import * as React from 'react';
import { PresentationFrame } from '@/components/presentation-frame';
import { TeamAvatar } from '@/components/team-avatar';
import { PaceStrip } from '@/features/pace';
import { addressBreaks } from '../lib/address-breaks';

/** The showcase's address without its scheme: what the room types when it does not scan. */
export function shortAddress(url: string): string {
  return url.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}

/**
 * The showcase on a projector: a QR code of the showcase's full address and its short address in large
 * type, so every team in the room opens it on a phone, beside the teams taking part, and the room's pace
 * along the bottom while one is set. Loaded on demand (the QR code's library with it), only when an
 * instructor presents.
 */
export default function ShowcasePresentation({
  tag,
  cohort,
  teams,
  onExit,
}: {
  tag: string;
  cohort: CohortStatus;
  teams: ShowcaseTeam[];
  onExit: () => void;
}) {
  const url = `${window.location.origin}/showcase/${encodeURIComponent(tag)}`;
  const submitted = teams.filter((t) => t.submittedWebsiteUrl);
  return (
    <PresentationFrame
      label="Showcase presentation"
      title={`${cohort.name} Showcase`}
      onExit={onExit}
      className="grid grid-cols-[auto_1fr] items-center gap-[4vw]"
    >
      <title>{`${cohort.name} Showcase · Applied GenAI Lab`}</title>
      <figure className="flex flex-col items-center gap-[1.5vh] rounded-2xl border border-border bg-white p-[2.5vh] shadow-sm">
        <QRCodeSVG
          value={url}
          title={`QR code of ${url}`}
          marginSize={0}
          size={512}
          className="size-[min(62vh,40vw)]"
          data-testid="showcase-qr"
        />
        <figcaption className="text-[clamp(1rem,1.5vw,2.25rem)] font-medium text-muted-foreground">
          Scan to open the showcase
        </figcaption>
      </figure>
      <div className="flex min-h-0 flex-col gap-[3vh] self-stretch justify-center overflow-hidden">
        <div className="flex flex-col gap-[1.5vh]">
          <p className="text-[clamp(1rem,1.6vw,2.5rem)] font-semibold tracking-wide text-primary uppercase">
            Cohort showcase
          </p>
          <h1 className="text-[clamp(2rem,4.5vw,7rem)] leading-[1.05] font-extrabold tracking-tight text-balance">
            {cohort.name}
          </h1>
          <p className="text-[clamp(1.25rem,2vw,3rem)] text-muted-foreground">Open it on your phone:</p>
          <p
            className="font-mono text-[clamp(1.5rem,3vw,4.5rem)] leading-tight font-bold break-words text-foreground"
            data-testid="showcase-address"
          >
            {/* Lines break after a "/" or before a ".", not in the middle of a word. */}
            {addressBreaks(shortAddress(url)).map((part, i) => (
              <React.Fragment key={i}>
                {i > 0 && <wbr />}
                {part}
              </React.Fragment>
            ))}
          </p>
        </div>
        {teams.length > 0 && (
          <section aria-labelledby="present-teams" className="flex min-h-0 flex-col gap-[1.5vh]">
            <h2 id="present-teams" className="text-[clamp(1.125rem,1.8vw,2.75rem)] font-bold">
              {submitted.length} of {teams.length} websites submitted
            </h2>
            {cohort.competitionEnabled && (cohort.votingOpen || cohort.ballotCount > 0) && (
              // Live: each ballot's event moves the count and the team's tick (who voted, never how).
              <p
                className="text-[clamp(1.125rem,1.8vw,2.75rem)] font-bold text-primary"
                aria-live="polite"
                data-testid="present-voted-count"
              >
                {cohort.ballotCount} of {cohort.teamCount} teams voted
              </p>
            )}
            <ul className="grid min-h-0 grid-cols-[repeat(auto-fill,minmax(16vw,1fr))] gap-[1vh] overflow-hidden">
              {teams.map((team) => (
                <li
                  key={team.id}
                  className={
                    team.submittedWebsiteUrl
                      ? 'flex min-w-0 items-center gap-[0.8vw] rounded-xl border border-border bg-surface p-[0.8vh]'
                      : 'flex min-w-0 items-center gap-[0.8vw] rounded-xl border border-dashed border-border p-[0.8vh] text-muted-foreground'
                  }
                  data-testid="present-team"
                  data-voted={team.voted}
                >
                  <TeamAvatar team={team} className="size-[5vh] shrink-0 text-[clamp(0.75rem,1vw,1.5rem)]" />
                  {/* Whole words over as many lines as the name needs: never cut. */}
                  <span className="min-w-0 flex-1 text-[clamp(1rem,1.4vw,2.25rem)] leading-tight font-semibold text-balance break-normal">
                    {team.name}
                  </span>
                  {team.voted && (
                    <span
                      className="flex shrink-0 items-center gap-[0.3vw] text-[clamp(0.75rem,1vw,1.5rem)] font-semibold text-success"
                      data-testid="present-team-voted"
                    >
                      <CircleCheck className="size-[1.2em]" aria-hidden="true" />
                      Voted
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
      {/* The room's pace, when the instructor has set one: a line along the bottom. */}
      <PaceStrip tag={tag} className="col-span-2" />
    </PresentationFrame>
  );
}
