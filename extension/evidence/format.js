// @ts-check
// Numbers, times and the contract's states in words. Pure functions.

import { STOP_REASONS } from '../lib/generated/stop-reasons.js';
import { BODY_REASONS, BODY_STATES } from '../lib/generated/words.js';
import { recordBytes } from '../lib/retention.js';
import { dateTime } from '../lib/time.js';

// Times are written as the person's locale writes them, on a 24-hour clock, in the browser's
// time zone, the zone said once where a page begins (`timeZoneWords` in lib/time.js, the one
// format the popup and every page share).
const H24 = /** @type {const} */ ({ hourCycle: 'h23' });
const timeOnly = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', fractionalSecondDigits: 3, ...H24 });

/** A wall-clock moment (ms since the Unix epoch), with its date, on a 24-hour clock. */
export { dateTime };

const preciseClock = new Intl.DateTimeFormat(undefined, {
  year: 'numeric', month: 'short', day: 'numeric',
  hour: '2-digit', minute: '2-digit', second: '2-digit', fractionalSecondDigits: 3, ...H24,
});

/** A wall-clock moment with its date and milliseconds. */
export function preciseDateTime(/** @type {number | null | undefined} */ ms) {
  return typeof ms === 'number' ? preciseClock.format(ms) : '—';
}

/** The time of day, with milliseconds: what a person lines up with their own logs. */
export function timeOfDay(/** @type {number | null | undefined} */ ms) {
  return typeof ms === 'number' ? timeOnly.format(ms) : '—';
}

/** An ISO timestamp, for tooltips and machine-comparable text. */
export function iso(/** @type {number | null | undefined} */ ms) {
  return typeof ms === 'number' ? new Date(ms).toISOString() : '';
}

/** A duration: "85 ms", "1.24 s", "3 min 5 s". */
export function duration(/** @type {number | null | undefined} */ ms) {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** Time since the capture started: "+1.234 s". */
export function offset(/** @type {number} */ at, /** @type {number} */ start) {
  const ms = at - start;
  return `${ms < 0 ? '−' : '+'}${(Math.abs(ms) / 1000).toFixed(3)} s`;
}

/** A byte count: "812 B", "2.6 KiB", "3.1 MiB", "1.2 GiB". */
export function bytes(/** @type {number | null | undefined} */ n) {
  if (typeof n !== 'number' || !Number.isFinite(n)) return '—';
  if (n < 1024) return `${Math.round(n)} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  if (n < 1024 * 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MiB`;
  return `${(n / 1024 / 1024 / 1024).toFixed(1)} GiB`;
}

const tenths = new Intl.NumberFormat(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Milliseconds with one decimal and no unit, for columns headed "ms": "236.2", "5,094.3". */
export function milliseconds(/** @type {number | null | undefined} */ ms) {
  return typeof ms === 'number' && Number.isFinite(ms) ? tenths.format(ms) : '—';
}

/**
 * What a record takes of history, with its pictures: "212.4 KiB", "243.4 KiB with 2 pictures".
 * @param {import('../lib/record.js').RecordMeta} meta
 */
export function storedSize(meta) {
  return meta.pictures ? `${bytes(recordBytes(meta))} with ${plural(meta.pictures.count, 'picture')}` : bytes(meta.bytes);
}

/**
 * A size in characters (UTF-16 code units) as the spec writes it: "512 Ki", "32 Mi", "900";
 * `ki` of actors/src/words.rs, for a record's own limits (`run.limits.text_budget`).
 */
export function units(/** @type {number} */ n) {
  if (n > 0 && n % (1024 * 1024) === 0) return `${count(n / (1024 * 1024))} Mi`;
  if (n > 0 && n % 1024 === 0) return `${count(n / 1024)} Ki`;
  return count(n);
}

/** A count with thousands separators. */
export function count(/** @type {number} */ n) {
  return n.toLocaleString();
}

/** "1 request", "3 requests". */
export function plural(/** @type {number} */ n, /** @type {string} */ one, /** @type {string} */ many = `${one}s`) {
  return `${count(n)} ${n === 1 ? one : many}`;
}

/** Every stop reason of the export schema, in words: `StopReason::words` of the Rust type. */
export { STOP_REASONS };

/** Why a capture stopped, in words. Unknown kinds (from a newer daemon) are shown as they are. */
export function stopReason(/** @type {{ kind: string, actor?: string, by?: string, stopped_by?: string } | null | undefined} */ reason) {
  if (!reason) return '';
  // A stop asked for by the extension may come as its own kind or as `stopped` with who asked.
  const by = reason.by ?? reason.stopped_by;
  const kind = reason.kind === 'stopped' && by === 'extension' ? 'stopped_from_extension' : reason.kind;
  const words = STOP_REASONS[kind] ?? kind.replaceAll('_', ' ');
  return reason.actor ? `${words} (${reason.actor})` : words;
}

/**
 * A record's state as its pill shows it: the class suffix and the word. An imported snapshot of
 * an active capture is not live here, and says so.
 * @param {{ state: string, imported?: object }} meta
 */
export function recordState(meta) {
  if (meta.imported && meta.state === 'active') return { kind: 'snapshot', word: 'active when exported' };
  return { kind: meta.state, word: meta.state };
}

/**
 * A body's state and reason in words: "truncated — over the body limit of 64 Ki characters".
 * The words are `body_state` and `body_reason` of actors/src/words.rs (lib/generated/words.js);
 * a state or reason from a newer daemon is shown by its name.
 * @param {{ state: string, reason?: string } | null | undefined} body
 */
export function bodyState(body) {
  if (!body) return 'not recorded';
  const state = BODY_STATES[body.state] ?? body.state.replaceAll('_', ' ');
  if (!body.reason) return state;
  const reason = BODY_REASONS[body.reason] ?? body.reason.replaceAll('_', ' ');
  return `${body.state.replaceAll('_', ' ')} — ${reason}`;
}

/** @type {Record<string, string>} */
const UNLINKED = {
  not_recorded: 'not recorded',
  not_found: 'not found',
  different_name: 'a different field name',
  array: 'inside an array',
  duplicate_name: 'the name appears more than once',
  truncated_body: 'the body is truncated',
  missing_body: 'no complete body',
  omitted: 'omitted (sensitive field)',
};

/** Why a field-chain value is not linked, in words. */
export function unlinked(/** @type {string} */ reason) {
  return UNLINKED[reason] ?? reason.replaceAll('_', ' ');
}

/** The host and path of a URL, for narrow lists; the whole URL when it does not parse. */
export function splitUrl(/** @type {string} */ url) {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'data:') return { origin: 'data:', path: url.slice(5, 80) };
    return { origin: parsed.origin === 'null' ? parsed.protocol : parsed.origin, path: `${parsed.pathname}${parsed.search}` };
  } catch {
    return { origin: '', path: url };
  }
}

/**
 * What the person's pages call a character, said once where lengths are shown: the spec's UTF-16
 * code unit, the unit of `bsk debug request --offset` and `--max-chars`.
 */
export const CHARACTERS_MEANING = 'Characters are counted as bsk counts them (UTF-16 code units, the unit of bsk debug request --offset and --max-chars): most characters count one, emoji and some rare scripts two.';

/**
 * An operation's parameters as a person reads them: `[name, words]` pairs (names in words),
 * without the `op` name, empty values or a flag that says nothing (`omitted: false`); a manual input's element
 * as its tag, id, name and text, not as JSON.
 * @param {Record<string, unknown> | null | undefined} params
 * @returns {[string, string][]}
 */
export function readableParams(params) {
  /** @type {[string, string][]} */
  const out = [];
  for (const [key, value] of Object.entries(params ?? {})) {
    if (key === 'op' || value === null || value === undefined || value === '') continue;
    if (key === 'omitted') {
      if (value === true) out.push(['value', 'omitted (a credential, payment or file field)']);
      continue;
    }
    // A parameter's name as words: `wait_until` reads "wait until".
    out.push([key.replaceAll('_', ' '), isElement(value) ? element(value) : compact(value)]);
  }
  return out;
}

/** @param {unknown} value */
function isElement(value) {
  return !!value && typeof value === 'object' && typeof /** @type {any} */ (value).tag === 'string';
}

/**
 * An element as the manual observer describes it: `button#save name="save" “Save”`.
 * @param {any} el
 */
export function element(el) {
  const id = el.id ? `#${el.id}` : '';
  const name = el.name ? ` name="${el.name}"` : '';
  const text = typeof el.text === 'string' && el.text.trim() ? ` “${el.text.trim()}”` : '';
  return `${el.tag || 'element'}${id}${name}${text}`;
}

/** A value for display: strings as they are, anything else as compact JSON. */
export function compact(/** @type {unknown} */ value) {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
