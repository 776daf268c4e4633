/**
 * The eight activities. The activity page and a team's work are routes (loaded on demand by the router);
 * the header lists the activities a visitor may open, and the team stream's host is mounted beside the
 * pages. The configs' query options are app-wide (`lib/phase-config.ts`). Other features and the app use
 * only what is exported here.
 */
export { useVisiblePhases } from './hooks/use-visible-phases';
export { TeamStreamHost } from './components/team-stream-host';
