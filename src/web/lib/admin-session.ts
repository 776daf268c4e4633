import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStatus } from '@shared/schemas/auth';
import { api } from './api-client';
import { adminKeys } from './query-keys';

/**
 * Whether an instructor is signed in: app-wide, as the team's session is (the header, the activity pages,
 * the showcase and the results read it), so it sits below the features. Signing in and out are the admin
 * feature's.
 */

export const ADMIN_SIGNED_OUT: AdminStatus = { isAuthenticated: false, user: null };

/** Any failure counts as not authenticated. */
export const adminStatusQueryOptions = queryOptions({
  queryKey: adminKeys.status(),
  queryFn: async (): Promise<AdminStatus> => {
    try {
      return await api<AdminStatus>('/api/auth/admin/status');
    } catch {
      return ADMIN_SIGNED_OUT;
    }
  },
});

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
