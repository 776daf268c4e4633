/**
 * The eight activities. The activity page and a team's work are routes (loaded on demand by the router);
 * the data layer reads which activities have data (the header lists them), and the team stream's host is mounted beside the
 * pages. The configs' query options are app-wide (`lib/phase-config.ts`). Other features and the app use
 * only what is exported here.
 */
export { usePhasesWithData } from './hooks/use-phases-with-data';
export { usePhasesDone } from './hooks/use-phases-done';
export { TeamStreamHost } from './components/team-stream-host';
