/** The landing page, the app's first route: loaded with the app itself, not on demand. */
export { LandingPage } from './landing-page';
