import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

/** One user usually holds a whole IPv6 /64, so per-address limits count the /64, not the address. */
export const IPV6_PREFIX_BITS = 64;

/**
 * The address a per-address limit counts (every one of them uses this): an IPv4 address as is, also when
 * written as IPv4-mapped IPv6 (`::ffff:1.2.3.4` is 1.2.3.4), and an IPv6 address by its /64.
 */
export function addressKey(ip: string): string {
  try {
    return normalizeIP(ip, IPV6_PREFIX_BITS);
  } catch {
    // Not an address the parser knows (a zone id, say): counted as written.
    return ip.toLowerCase();
  }
}

/** The caller's address key; the address is the socket's, or a trusted proxy's `X-Forwarded-For`. */
export function clientKey(request: Pick<FastifyRequest, 'ip'>): string {
  // A socket already gone has no address; such a request is counted with the others like it.
  return request.ip ? addressKey(request.ip) : 'unknown';
}
