/**
 * Joining a cohort by its join link (docs/decisions/035-pacing-and-joining.md): the page a team opens
 * (`/join/CODE`, loaded by the router), the instructor's "Join link" with its QR code, and the code's
 * address. Other features and the app use only what is exported here.
 */
export { JoinLinkDialog, JoinQr, joinPageAddress, joinUrl } from './components/join-link';
