import type { LiveStatus } from './live-status';

/**
 * What a page says while live updates do not arrive (docs/product.md, Live updates paused), for
 * `components/live-paused-notice.tsx`; nothing while they do, or during a first connection. When the team's
 * places are all taken by other devices holding its Workspace Code, waiting will not help: the page says so,
 * and what will (docs/decisions/042-settled-streams-keep-their-place.md). `typingSaved`: on a page whose
 * answers save on their own (the activity page), it says typing is still saved.
 */
export function liveNotice(status: LiveStatus, { typingSaved = false } = {}): string | undefined {
  const saved = typingSaved ? ' Your typing is still saved.' : '';
  switch (status) {
    case 'paused':
      return `Live updates paused — reconnecting…${saved}`;
    case 'team-full':
      return `Live updates paused — too many devices are connected with this team's Workspace Code. Ask your instructor for a new Workspace Code.${saved}`;
    default:
      return undefined;
  }
}
