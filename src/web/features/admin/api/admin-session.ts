import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminStatus, AdminUser } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';
import { adminKeys } from '@/lib/query-keys';

const signedOut: AdminStatus = { isAuthenticated: false, user: null };

/** Any failure counts as not authenticated. */
export const adminStatusQueryOptions = queryOptions({
  queryKey: adminKeys.status(),
  queryFn: async (): Promise<AdminStatus> => {
    try {
      return await api<AdminStatus>('/api/auth/admin/status');
    } catch {
      return signedOut;
    }
  },
});

export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: { username: string; password: string }) =>
      api<{ user: AdminUser }>('/api/auth/admin/login', { method: 'POST', body: credentials }),
    onSuccess: ({ user }) =>
      queryClient.setQueryData<AdminStatus>(adminKeys.status(), { isAuthenticated: true, user }),
  });
}

/** Signs the instructor out; the app forgets the admin session even when the call fails. */
export function useAdminLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/auth/admin/logout', { method: 'POST' }),
    onSettled: () => queryClient.setQueryData(adminKeys.status(), signedOut),
  });
}
