import { ACTIVITY_NAMES, PAGE_NAMES, PHASE_NUMBERS, phaseNavName } from '@shared/phases';
import { createStore, useStore } from './store';

/**
 * What the page's frame shows of the session (docs/decisions/033-the-shell-and-the-data-layer.md): the open
 * workspace's team, whether an instructor is signed in, the activities with answers. The header and the
 * landing page, the first route's code, render from it without TanStack Query; the data layer
 * (app/data-layer.tsx), which loads after the first paint on a first visit, reads it from the query cache,
 * where the session itself lives, and is the only writer. Until it has, the view is a first visitor's: what
 * the pre-rendered pages were rendered with.
 */
export type SessionView = {
  team: ShellTeam | null;
  isAdmin: boolean;
  /** Activities with an answer, or where the team first gave a shared fact. */
  phasesWithData: readonly number[];
  /** Activities done: every required field answered (src/shared/activity-done.ts). */
  phasesDone: readonly number[];
  /** The activities the team's programme switched off: they leave the header, its menus and the landing grid. */
  switchedOff: readonly number[];
  /** The activities' names in the team's programme, when it is not the standard (whose names are shipped). */
  names: readonly ActivityNames[] | null;
};

/** An activity's three names: the landing grid's, the header's, its page's. */
export type ActivityNames = { activity: string; header: string; page: string };

/** The team as the frame shows it: its name, code, avatar and how far it has come. */
export type ShellTeam = {
  id: string;
  code: string;
  name: string;
  avatarIcon: string | null;
  currentPhase?: number;
};

const FIRST_VISIT: SessionView = {
  team: null,
  isAdmin: false,
  phasesWithData: [],
  phasesDone: [],
  switchedOff: [],
  names: null,
};

const view = createStore<SessionView>(FIRST_VISIT);

/** The view, re-rendering on change; a pre-rendered page being adopted reads the first visitor's. */
export function useSessionView(): SessionView {
  return useStore(view, () => FIRST_VISIT);
}

/** The data layer's, alone: what the session now is. Parts equal to the current view keep their identity. */
export function writeSessionView(next: SessionView): void {
  view.set((current) => {
    const phasesWithData = sameNumbers(current.phasesWithData, next.phasesWithData)
      ? current.phasesWithData
      : next.phasesWithData;
    const phasesDone = sameNumbers(current.phasesDone, next.phasesDone)
      ? current.phasesDone
      : next.phasesDone;
    const switchedOff = sameNumbers(current.switchedOff, next.switchedOff)
      ? current.switchedOff
      : next.switchedOff;
    const names = sameNames(current.names, next.names) ? current.names : next.names;
    const team = sameTeam(current.team, next.team) ? current.team : next.team;
    if (
      team === current.team &&
      phasesWithData === current.phasesWithData &&
      phasesDone === current.phasesDone &&
      switchedOff === current.switchedOff &&
      names === current.names &&
      next.isAdmin === current.isAdmin
    )
      return current;
    return { team, isAdmin: next.isAdmin, phasesWithData, phasesDone, switchedOff, names };
  });
}

/**
 * Phase access (docs/product.md, Header): instructors see all eight; everyone else the activities with
 * data, plus the one that is open.
 */
export function visiblePhases(session: SessionView, openPhase: number | undefined): number[] {
  if (session.isAdmin) return PHASE_NUMBERS;
  return PHASE_NUMBERS.filter(
    (n) => !session.switchedOff.includes(n) && (n === openPhase || session.phasesWithData.includes(n)),
  );
}

/** An activity's names as this session's programme gives them (the shipped ones for the standard). */
export function activityNames(session: Pick<SessionView, 'names'>, phase: number): ActivityNames {
  return (
    session.names?.[phase - 1] ?? {
      activity: ACTIVITY_NAMES[phase - 1] ?? `Activity ${phase}`,
      header: phaseNavName(phase),
      page: PAGE_NAMES[phase - 1] ?? `Activity ${phase}`,
    }
  );
}

/** Why a visitor's menus list only some activities (`visiblePhases`; docs/product.md, Header). */
export const PARTIAL_LIST_NOTE =
  'Listed here: the activities with answers and the one open. Every activity is on the home page.';

/**
 * Where a team's activities go on from (the join page's "Back to your activities"): its current activity, as
 * the landing page's "Continue as" has it, or, when its programme switched that one off, the first activity
 * the programme runs; with the open workspace in the URL.
 */
export function teamActivitiesHref(
  team: Pick<ShellTeam, 'code' | 'currentPhase'>,
  switchedOff: readonly number[],
): string {
  const current = team.currentPhase ?? 1;
  const phase = switchedOff.includes(current)
    ? (PHASE_NUMBERS.find((n) => !switchedOff.includes(n)) ?? 1)
    : current;
  return withTeamCode(team.code, `/phase/${phase}`);
}

/** The landing page's activities grid, keeping the open workspace in the URL. */
export function allActivitiesHref(code: string | undefined): string {
  return `${withTeamCode(code, '/')}#activities`;
}

/** A link inside the app that keeps the open workspace in the URL (`?team_id=CODE`). */
export function withTeamCode(code: string | undefined, path: string): string {
  return code ? `${path}${path.includes('?') ? '&' : '?'}team_id=${code}` : path;
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((n, i) => n === b[i]);
}

function sameNames(a: readonly ActivityNames[] | null, b: readonly ActivityNames[] | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.length === b.length &&
    a.every((x, i) => x.activity === b[i]?.activity && x.header === b[i]?.header && x.page === b[i]?.page)
  );
}

function sameTeam(a: ShellTeam | null, b: ShellTeam | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.id === b.id &&
    a.code === b.code &&
    a.name === b.name &&
    a.avatarIcon === b.avatarIcon &&
    a.currentPhase === b.currentPhase
  );
}
