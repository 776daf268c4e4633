import { z } from 'zod';

export const AdminUserSchema = z.object({ username: z.string(), role: z.literal('admin') });
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminStatusSchema = z.object({
  isAuthenticated: z.boolean(),
  user: AdminUserSchema.nullable(),
});
export type AdminStatus = z.infer<typeof AdminStatusSchema>;

export const AdminLoginBodySchema = z.object({
  username: z.string({ message: 'username is required' }).trim().min(1, 'username is required').max(64),
  password: z.string({ message: 'password is required' }).min(1, 'password is required').max(256),
});

export const AdminLoginResponseSchema = z.object({ user: AdminUserSchema });
