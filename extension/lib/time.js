// @ts-check
// Wall-clock times as the popup and the history list write them: one format, in the person's
// locale and time zone, always 24-hour, with the zone said once where the page begins rather
// than beside every time. Pure functions of a timestamp (ms since the Unix epoch).

/** 24-hour in every locale: "17:01", never "05:01 PM". */
const HOURS = /** @type {const} */ ({ hourCycle: 'h23', hour: '2-digit', minute: '2-digit' });

const clockFormat = new Intl.DateTimeFormat(undefined, HOURS);
const secondsFormat = new Intl.DateTimeFormat(undefined, { ...HOURS, second: '2-digit' });
const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  year: 'numeric', month: 'short', day: 'numeric', ...HOURS, second: '2-digit',
});

/** Zone names that all mean Coordinated Universal Time. */
const UTC_NAMES = new Set(['UTC', 'Etc/UTC', 'Etc/UCT', 'Etc/Universal', 'Etc/Zulu', 'Etc/GMT', 'GMT', 'UCT', 'Universal', 'Zulu']);

/**
 * The person's time zone, in which every time here is written: "UTC", "Europe/Berlin". Its name
 * rather than an abbreviation, which would change with daylight saving between two records.
 */
export function timeZone() {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return !zone || UTC_NAMES.has(zone) ? 'UTC' : zone;
}

/** What the header says once: "Times in UTC". */
export function timeZoneWords() {
  return `Times in ${timeZone()}`;
}

/** The time of day: "17:01". */
export function clock(/** @type {number} */ at) {
  return clockFormat.format(at);
}

/** The time of day with seconds: "17:01:43". */
export function clockSeconds(/** @type {number} */ at) {
  return secondsFormat.format(at);
}

/** A moment with its date: "Dec 7, 2026, 17:01:43" (in the person's locale's order). */
export function dateTime(/** @type {number | null | undefined} */ at) {
  return typeof at === 'number' ? dateTimeFormat.format(at) : '—';
}

/**
 * Whether two moments fall on the same day in the person's time zone.
 * @param {number} a
 * @param {number} b
 */
function sameDay(a, b) {
  return new Date(a).toDateString() === new Date(b).toDateString();
}

/** Short enough for a narrow list: today's time ("17:01"), else the day ("Dec 6"). */
export function shortTime(/** @type {number} */ at, now = Date.now()) {
  return sameDay(at, now) ? clock(at) : dayFormat.format(at);
}

/** With seconds, for a moment a person may match to a log: today "17:01:43", else with the date. */
export function recentTime(/** @type {number} */ at, now = Date.now()) {
  return sameDay(at, now) ? clockSeconds(at) : dateTime(at);
}
