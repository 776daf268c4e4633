import type { AdminEvent, AdminTeamChange } from '../../shared/schemas/admin.ts';
import type { CohortEvent } from '../../shared/schemas/cohort.ts';
import { NO_PACE, type PaceState } from '../../shared/schemas/pace.ts';
import type { TeamEvent } from '../../shared/schemas/team-events.ts';
import { cohortPaceState, listCohortTeamIds } from '../cohorts/queries.ts';
import type { Database } from '../db/client.ts';
import { cohortsRunning, teamProgrammes } from '../programmes/queries.ts';
import { countBallots } from '../voting/queries.ts';
import { publishAdminEvents, teamChange } from './admin-events.ts';
import {
  type LiveEventBus,
  liveChannel,
  type Publication,
  STREAMS_CHANNEL,
  type StreamEnd,
} from './event-bus.ts';

type Logger = { warn(object: unknown, message?: string): void };

const NOT_PUBLISHED = 'live event not published; pages catch up on their next read';

/** What a failed publish did not send, as its log line names it: the channel and the event's type. */
export type Unpublished = { channel: string; type: string };

/**
 * Publishing after a write, with one policy (docs/decisions/030-live-layer-and-one-rule-each.md): every route
 * that tells the live room of a change it made goes through here, as `app.announce`. The write has landed, so
 * a publish that fails never fails the call: it is logged once, at warn, naming what was not published, and
 * the pages catch up on their next read or reconnection (a stream starts from the current state). No method
 * ever rejects.
 */
export class Announcer {
  constructor(
    private readonly bus: LiveEventBus,
    private readonly db: () => Database,
    private readonly log: Logger,
  ) {}

  /** To the team's open pages: its own, and instructors reading its work. */
  team(teamId: string, event: TeamEvent): Promise<void> {
    return this.each([{ channel: liveChannel.team(teamId), event, others: true }]);
  }

  /** To the cohort's open showcase and results pages, in this order (one NOTIFY statement). */
  cohort(tag: string, ...events: CohortEvent[]): Promise<void> {
    return this.each(events.map((event) => ({ channel: liveChannel.cohort(tag), event, others: true })));
  }

  /** "N of M teams voted", counted now: after anything that changes a cohort's ballots or its teams. */
  ballotCounts(tag: string): Promise<void> {
    const channel = liveChannel.cohort(tag);
    return this.settle([{ channel, type: 'ballots' }], async () => {
      await this.bus.publish(channel, { type: 'ballots', ...(await countBallots(this.db(), tag)) });
    });
  }

  /** To every instructor's progress stream: these teams changed, and why. */
  progress(teamIds: string | readonly string[], reason: AdminTeamChange): Promise<void> {
    const ids = typeof teamIds === 'string' ? [teamIds] : teamIds;
    if (ids.length === 0) return Promise.resolve();
    const events = ids.map((id) => teamChange(id, reason));
    return this.settle([{ channel: liveChannel.admin(), type: 'team' }], () =>
      publishAdminEvents(this.bus, this.db(), events),
    );
  }

  /**
   * The cohort's pace as it now stands: to its room screen (the cohort's stream), to every open page of each
   * of its teams (their streams) and to the instructors' dashboards, in one NOTIFY statement.
   */
  pace(tag: string, state: PaceState): Promise<void> {
    const event = { type: 'pace', ...state } as const;
    return this.settle([{ channel: liveChannel.cohort(tag), type: 'pace' }], async () => {
      const teamIds = await listCohortTeamIds(this.db(), tag);
      const channels = [liveChannel.cohort(tag), ...teamIds.map((id) => liveChannel.team(id))];
      await this.bus.publishEach([
        ...channels.map((channel) => ({ channel, event, others: true })),
        { channel: liveChannel.admin(), event: { ...event, tag }, others: true },
      ]);
    });
  }

  /** Teams that moved to cohort `tag` (null: to none): their open pages now show its pace. */
  paceOfTeams(teamIds: readonly string[], tag: string | null): Promise<void> {
    if (teamIds.length === 0) return Promise.resolve();
    return this.settle([{ channel: liveChannel.team(teamIds[0]!), type: 'pace' }], async () => {
      const state = (tag ? await cohortPaceState(this.db(), tag) : undefined) ?? {
        pace: NO_PACE,
        now: new Date().toISOString(),
      };
      const event = { type: 'pace', ...state } as const;
      await this.bus.publishEach(
        teamIds.map((id) => ({ channel: liveChannel.team(id), event, others: true })),
      );
    });
  }

  /**
   * What each of these teams runs now (`programme`), to its open pages: after the team moved to another
   * cohort, or its cohort was given another programme or a new version of its own.
   */
  programmeOfTeams(teamIds: readonly string[]): Promise<void> {
    if (teamIds.length === 0) return Promise.resolve();
    return this.settle([{ channel: liveChannel.team(teamIds[0]!), type: 'programme' }], async () => {
      const programmes = await teamProgrammes(this.db(), teamIds);
      await this.bus.publishEach(
        [...programmes].map(([teamId, programme]) => ({
          channel: liveChannel.team(teamId),
          event: { type: 'programme', ...programme } as const,
          others: true,
        })),
      );
    });
  }

  /**
   * The teams of these cohorts: their cohort was given another programme (or its programme a new version).
   * Every instructor's dashboard hears it too (`programmes`), so its board and lists follow.
   */
  programmeOfCohorts(tags: readonly string[]): Promise<void> {
    return Promise.all([
      this.settle([{ channel: tags.map(liveChannel.cohort).join(' '), type: 'programme' }], async () => {
        const teamIds = (await Promise.all(tags.map((tag) => listCohortTeamIds(this.db(), tag)))).flat();
        await this.programmeOfTeams(teamIds);
      }),
      this.each([{ channel: liveChannel.admin(), event: { type: 'programmes' }, others: true }]),
    ]).then(() => undefined);
  }

  /** The teams of every cohort that runs this programme, and every dashboard: it published a version. */
  programmeRunBy(programmeId: string): Promise<void> {
    return this.settle([{ channel: `programme:${programmeId}`, type: 'programme' }], async () => {
      await this.programmeOfCohorts(await cohortsRunning(this.db(), programmeId));
    });
  }

  /** To every instructor's dashboard: a team joined a cohort by its join link. */
  joined(event: Extract<AdminEvent, { type: 'joined' }>): Promise<void> {
    return this.each([{ channel: liveChannel.admin(), event, others: true }]);
  }

  /** To every instructor's dashboard: a team's request for help was asked, withdrawn or answered. */
  help(teamId: string, requestId: string): Promise<void> {
    return this.each([
      { channel: liveChannel.admin(), event: { type: 'help', teamId, requestId }, others: true },
    ]);
  }

  /**
   * A team's prompt run started or ended: to the team's open pages (they read its runs again) and to every
   * instructor's dashboard (it reads the teams' use again).
   */
  run(teamId: string, event: Extract<TeamEvent, { type: 'run' }>): Promise<void> {
    return this.each([
      { channel: liveChannel.team(teamId), event, others: true },
      { channel: liveChannel.admin(), event: { type: 'runs', teamId }, others: true },
    ]);
  }

  /** Runs' settings changed (a cohort's or a team's): every dashboard, and the teams' pages, read them again. */
  runSettings(teamIds: readonly string[]): Promise<void> {
    return this.each([
      { channel: liveChannel.admin(), event: { type: 'runs', teamId: null }, others: true },
      ...teamIds.map((teamId) => ({
        channel: liveChannel.team(teamId),
        event: { type: 'run-settings' } as const,
        others: true,
      })),
    ]);
  }

  /**
   * Ends the open event streams that `end` concerns, on every instance: a stream lives exactly as long as
   * the sessions that opened it (the periodic session check ends what a lost notice missed).
   */
  endStreams(end: StreamEnd): Promise<void> {
    return this.each([{ channel: STREAMS_CHANNEL, event: { type: 'end-streams', end }, others: true }]);
  }

  /**
   * Events whose `others` the write's own statement decided (the autosave's: whether a page of the team, or
   * an instructor's stream, is open on another instance): one NOTIFY statement at most, none when nobody
   * elsewhere listens, so the hottest call pays no second round trip.
   */
  each(publications: readonly Publication[]): Promise<void> {
    return this.settle(
      publications.map(({ channel, event }) => ({ channel, type: event.type })),
      () => this.bus.publishEach(publications),
    );
  }

  /** The policy, written once. */
  private async settle(unpublished: Unpublished[], publish: () => Promise<void>): Promise<void> {
    try {
      await publish();
    } catch (error) {
      this.log.warn({ err: error, unpublished }, NOT_PUBLISHED);
    }
  }
}
