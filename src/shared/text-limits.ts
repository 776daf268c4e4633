/**
 * How long the texts people type may be: the schemas refuse longer ones and the forms stop there. Kept
 * apart from the schemas (zod) so a form that only needs a limit does not load them: the workspace dialog
 * and the help dialog open on a first visit, before anything else needs zod.
 */

/** A workspace's (team's) name. */
export const TEAM_NAME_MAX = 80;
/** An instructor's note: enough for a few sentences of advice, short enough to read at a glance. */
export const FEEDBACK_MAX = 2000;
/** A help request's optional line. */
export const HELP_MESSAGE_MAX = 200;
