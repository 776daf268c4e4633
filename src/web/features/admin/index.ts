/**
 * The instructor's side: the dashboard and the login page are routes (loaded on demand by the router);
 * the account menu signs out from here. Whether an instructor is signed in is app-wide
 * (`lib/admin-session.ts`). Other features and the app use only what is exported here.
 */
export { useAdminLogout } from './api/admin-session';
