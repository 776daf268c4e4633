/**
 * The eight activities. The activity page is a route (loaded on demand by the router); the header lists the
 * activities a visitor may open, and the start-up seeds a pre-rendered page's config. Other features and
 * the app use only what is exported here.
 */
export { phaseConfigQueryOptions } from './api/phase-config';
export { useVisiblePhases } from './hooks/use-visible-phases';
export { TeamStreamHost } from './components/team-stream-host';
