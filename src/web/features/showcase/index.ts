/**
 * The cohort showcase and voting. Its page is a route (loaded on demand by the router); the website-builder
 * activity shows its cohort panel. Other features use only what is exported here.
 */
export { WebsiteSubmissionSlot } from './components/website-submission-slot';
