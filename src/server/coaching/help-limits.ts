/**
 * How long requests for help are kept and what reading and changing them may cost (docs/product.md,
 * Coaching; docs/decisions/037-the-live-layer-under-attack-and-failure.md).
 */

/** Requests answered or withdrawn are kept this long (the team's page shows an answer for 30 minutes). */
export const CLOSED_HELP_KEPT_HOURS = 24;

/** How often each instance deletes the closed requests older than that (and once at start-up). */
export const CLOSED_HELP_SWEEP_MS = 60 * 60_000;

/**
 * The instructors' list of open requests has an allowance of its own, apart from the flood limit's: a
 * dashboard reads it again when requests change (at most every 2 seconds per open dashboard: 30 a minute, so
 * this is 40 dashboards' worth), and however busy the room, those reads never use up the instructor's
 * allowance for the rest of the dashboard.
 */
export const HELP_QUEUE_READS_PER_MINUTE = 1200;
