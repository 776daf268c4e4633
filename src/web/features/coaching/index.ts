/**
 * The instructor coaching teams live (docs/decisions/028-coaching.md): feedback on a team's activity and
 * a team's requests for help. The activity page shows "Feedback from your instructor" and "Ask for help";
 * a team's work (an activity page's view for instructors) writes the feedback; the dashboard lists the help
 * requests. Other features and the app use only what is exported here.
 */
export { ActivityFeedback } from './components/activity-feedback';
export { AskForHelp, HelpStatus } from './components/ask-for-help';
export { FeedbackEditor } from './components/feedback-editor';
export { HelpRequests, useHelpRequestCount } from './components/help-requests';
export { removeNote, setHelpRequest, upsertNote } from './lib/feedback-cache';
export { feedbackQueryOptions } from './api/feedback';
