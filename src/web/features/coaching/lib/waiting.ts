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

/** When a request was made, as a phrase: "just now", else "5 min ago" (never "just now ago"). */
export function askedAgo(since: string, now: Date = new Date()): string {
  const waited = waitingFor(since, now);
  return waited === 'just now' ? waited : `${waited} ago`;
}

// Made on first use: building a date format loads the browser's locale data, tens of milliseconds that
// would otherwise fall on loading the activity page, whether or not it shows a note.
let formats: { timeOfDay: Intl.DateTimeFormat; dayAndTime: Intl.DateTimeFormat } | undefined;
function dateFormats() {
  formats ??= {
    timeOfDay: new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }),
    dayAndTime: new Intl.DateTimeFormat(undefined, {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    }),
  };
  return formats;
}

/** When a note was written: the time of day when it was today, else the day too. */
export function writtenAt(iso: string, now: Date = new Date()): string {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return '';
  const { timeOfDay, dayAndTime } = dateFormats();
  return when.toDateString() === now.toDateString() ? timeOfDay.format(when) : dayAndTime.format(when);
}
