import { queryOptions } from '@tanstack/react-query';
import type { AdminStatus, AdminUser } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';

export const adminStatusQueryKey = ['/api/auth/admin/status'] as const;

/** Any failure counts as not authenticated (docs/product.md, Workspaces and sessions). */
export const adminStatusQueryOptions = queryOptions({
  queryKey: adminStatusQueryKey,
  queryFn: async (): Promise<AdminStatus> => {
    try {
      return await api<AdminStatus>('/api/auth/admin/status');
    } catch {
      return { isAuthenticated: false, user: null };
    }
  },
});

export function loginAdmin(username: string, password: string): Promise<{ user: AdminUser }> {
  return api('/api/auth/admin/login', { method: 'POST', body: { username, password } });
}

export function logoutAdmin(): Promise<unknown> {
  return api('/api/auth/admin/logout', { method: 'POST' });
}
