/**
 * Pacing the room (docs/decisions/035-pacing-and-joining.md): an instructor's message, "Now: Activity N"
 * and a countdown for a cohort, live on every open page of its teams (the banner, a bar along the bottom of
 * the window), on the room's screen and on the instructors' cards. The team stream's page adds
 * `teamPaceListener`; the app mounts `PaceBannerHost`. Other features and the app use only what is exported
 * here.
 */
export { PaceBannerHost } from './components/pace-banner-host';
export { PacePanel } from './components/pace-panel';
export { PaceStrip } from './components/pace-strip';
export { RoomPace } from './components/room-pace';
export { holdCohortPace, teamPaceListener, useCohortPace } from './hooks/pace-listeners';
