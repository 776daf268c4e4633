/**
 * How long a request has waited, as the instructors' list shows it: "just now" under a minute, then
 * "1 min", "N min", and "1 h 5 min" from an hour. A time in the future (clocks differ) is "just now".
 */
export function waitingFor(since: string, now: Date = new Date()): string {
  const minutes = Math.floor((now.getTime() - Date.parse(since)) / 60_000);
  if (!Number.isFinite(minutes) || minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

const timeOfDay = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dayAndTime = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** When a note was written: the time of day when it was today, else the day too. */
export function writtenAt(iso: string, now: Date = new Date()): string {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return '';
  return when.toDateString() === now.toDateString() ? timeOfDay.format(when) : dayAndTime.format(when);
}
