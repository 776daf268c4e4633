import { useQuery } from '@tanstack/react-query';
import { adminStatusQueryOptions } from '../api/admin-session';

/**
 * Whether an instructor is signed in, read where it is needed: its first answer arrives while a
 * pre-rendered page is still being adopted (hydrated), and a context above that page changing then would
 * make React throw the page's HTML away and render it again.
 */
export function useAdminStatus(): { isAdmin: boolean; adminLoading: boolean; adminUsername?: string } {
  const status = useQuery(adminStatusQueryOptions);
  return {
    isAdmin: status.data?.isAuthenticated === true,
    adminLoading: status.isPending,
    adminUsername: status.data?.user?.username,
  };
}
