import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminStatus, AdminUser } from '@shared/schemas/auth';
import { ADMIN_SIGNED_OUT } from '@/lib/admin-session';
import { api } from '@/lib/api-client';
import { adminKeys } from '@/lib/query-keys';

/** Signing in: the instructor's session status (lib/admin-session.ts) holds the instructor at once. */
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
    onSettled: () => queryClient.setQueryData(adminKeys.status(), ADMIN_SIGNED_OUT),
  });
}
