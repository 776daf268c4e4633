import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A route hook for answers that carry a Workspace Code or an access token: no browser cache, proxy or
 * back-forward cache may keep a copy. Set first, so refusals carry it too.
 */
export async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store');
}
