/**
 * The instructor coaching teams live (docs/decisions/028-coaching.md): feedback on a team's activity and
 * a team's requests for help. The activity page shows "Feedback from your instructor" and "Ask for help";
 * a team's work (an activity page's view for instructors) writes the feedback; the dashboard lists the help
 * requests. Coaching's live events are handled here: a page that holds a team's stream, and the dashboard,
 * listen with its listeners. Other features and the app use only what is exported here.
 */
export { ActivityFeedback } from './components/activity-feedback';
export { AskForHelp, HelpStatus } from './components/ask-for-help';
export { FeedbackEditor } from './components/feedback-editor';
export { HelpRequests, useHelpRequestCount } from './components/help-requests';
export { HelpRequestContext } from './components/help-request-context';
export { HelpAlerts } from './components/help-alerts';
export { teamCoachingListener, useHelpQueueListener } from './hooks/coaching-listeners';
export { feedbackQueryOptions } from './api/feedback';
