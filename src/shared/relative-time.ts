/** "Last activity" wording (docs/product.md, Limits and constants). */

const HOUR_MS = 60 * 60 * 1000;
const HOURS_PER_DAY = 24;

/**
 * 'Less than an hour ago', '1 hour ago', 'N hours ago' (below 24 hours), then '1 day ago' / 'N days ago'.
 * Whole units, rounded down. A time in the future (clock skew between devices) reads as
 * 'Less than an hour ago'; an unreadable time gives '' so nothing misleading is shown.
 */
export function formatRelativeTime(iso: string | Date, now: Date = new Date()): string {
  const then = iso instanceof Date ? iso.getTime() : Date.parse(iso);
  const elapsed = now.getTime() - then;
  if (Number.isNaN(elapsed)) return '';
  const hours = Math.floor(elapsed / HOUR_MS);
  if (hours < 1) return 'Less than an hour ago';
  if (hours < HOURS_PER_DAY) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = Math.floor(hours / HOURS_PER_DAY);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
