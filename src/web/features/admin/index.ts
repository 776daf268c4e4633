/**
 * The instructor's side: whether an instructor is signed in, and signing out. The dashboard and the login
 * page are routes (loaded on demand by the router). Other features and the app use only what is exported
 * here.
 */
export { useAdminLogout } from './api/admin-session';
export { useAdminStatus } from './hooks/use-admin-status';
