import { BlockList, isIPv6 } from 'node:net';

/** Where a proxy counted by hops may be: this machine or a private network (never a public address). */
const PRIVATE_NETWORKS = new BlockList();
for (const [address, bits] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
] as const) {
  PRIVATE_NETWORKS.addSubnet(address, bits, 'ipv4');
}
for (const [address, bits] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  PRIVATE_NETWORKS.addSubnet(address, bits, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  return PRIVATE_NETWORKS.check(address, isIPv6(address) ? 'ipv6' : 'ipv4');
}

/**
 * Fastify's `trustProxy` for the configured value (config.ts refuses `true`). A list of addresses and
 * ranges is Fastify's own. A hop count N trusts the N nearest hops only while each is on this machine or
 * a private network: Fastify ignores a bare hop count, since a client reaching the app directly could
 * write X-Forwarded-For itself; a client from the internet cannot pass for such a hop.
 */
export function trustProxyOption(
  value: false | number | string,
): false | string | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (address, hop) => hop < value && isPrivateAddress(address);
}
