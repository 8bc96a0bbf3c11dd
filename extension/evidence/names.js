// @ts-check
// What an operation acted on and the emulation it ran under, named as bsk names them: the rules
// of `ActedOn::label` (schema/src/capture/operation.rs), `Emulation::label`
// (schema/src/emulation.rs) and the operation line of `bsk debug operations`. Every view that
// shows an operation, a request or a run's emulation takes its words from here;
// unit/names.test.js runs these rules against a table of the Rust cases.

/**
 * @typedef {import('../types/generated/export-document').ActedOn} ActedOn
 * @typedef {import('../types/generated/export-document').Emulation} Emulation
 * @typedef {Pick<import('../types/generated/export-document').OperationRecord, 'name' | 'acted_on'>} NamedOperation
 */

/** An element's `frame` when it is in the top document (`MAIN_FRAME` in the Rust type). */
export const MAIN_FRAME = 'main frame';

/**
 * An element as a person reads it: `button "Place order"` by its role and name; without a name,
 * its tag, `#id` and the start of its text (`div#zone`, `div "Drop here"`); `in frame <url>`
 * when it is not in the top document.
 * @param {ActedOn} element
 */
export function elementLabel(element) {
  let label;
  if (element.role != null && element.name != null) {
    label = `${element.role} "${element.name}"`;
  } else {
    label = element.tag;
    if (element.element_id != null) label += `#${element.element_id}`;
    if (element.text != null) label += ` "${element.text}"`;
  }
  if (element.frame !== MAIN_FRAME) label += ` in frame ${element.frame}`;
  return label;
}

/**
 * What an operation acted on, in words: one element's label, a drag's `<source> onto <target>`,
 * several labels joined by commas; null when it names none (an operation without a target, or
 * a record saved before names existed).
 * @param {NamedOperation} op
 * @returns {string | null}
 */
export function actedOnLabel(op) {
  const elements = op.acted_on ?? [];
  if (elements.length === 0) return null;
  if (elements.length === 2 && op.name === 'drag') return `${elementLabel(elements[0])} onto ${elementLabel(elements[1])}`;
  return elements.map(elementLabel).join(', ');
}

/**
 * An operation in a line: its name and what it acted on (`click button "Place order"`), or its
 * name alone when it names nothing.
 * @param {NamedOperation} op
 */
export function operationLabel(op) {
  const on = actedOnLabel(op);
  return on === null ? op.name : `${op.name} ${on}`;
}

/**
 * The refs or selectors the agent gave for the elements it named, in a line (a drag's source
 * onto its target); null when it names none.
 * @param {NamedOperation} op
 * @returns {string | null}
 */
export function agentRefs(op) {
  const targets = (op.acted_on ?? []).map((element) => element.target);
  if (targets.length === 0) return null;
  return targets.join(op.name === 'drag' && targets.length === 2 ? ' onto ' : ', ');
}

/** The parameters that give an operation's elements (`Operation::targets` in schema/src/ops.rs). */
const TARGET_PARAMS = ['target', 'source'];

/**
 * Whether a parameter is a target the operation's names stand for: said by its name instead.
 * @param {NamedOperation & { params?: Record<string, unknown> | null }} op
 * @param {string} key
 */
export function namedByActedOn(op, key) {
  const value = op.params?.[key];
  return TARGET_PARAMS.includes(key) && (op.acted_on ?? []).some((element) => element.target === value);
}

/**
 * The emulation in force, in one line: the device and viewport, network, CPU, colour scheme,
 * reduced motion, locale and time zone set, joined by commas; `none` when nothing is set.
 * @param {Emulation} emulation
 */
export function emulationLabel(emulation) {
  /** @type {string[]} */
  const parts = [];
  const v = emulation.viewport;
  if (v != null) {
    let part = v.device != null ? `${v.device} ${v.width}×${v.height}` : `${v.width}×${v.height}`;
    if (v.dpr !== 1) part += ` @${v.dpr}x`;
    if (v.mobile) part += ' mobile';
    if (v.touch) part += ' touch';
    parts.push(part);
  }
  const n = emulation.network;
  if (n != null) {
    parts.push(n.name === 'custom'
      ? `network ${n.latency_ms} ms, ${n.download_kbps} kbit/s down, ${n.upload_kbps} kbit/s up`
      : n.name);
  }
  if (emulation.cpu != null) parts.push(`CPU ${emulation.cpu}× slower`);
  if (emulation.color_scheme != null) parts.push(emulation.color_scheme);
  if (emulation.reduced_motion) parts.push('reduced motion');
  if (emulation.locale != null) parts.push(`locale ${emulation.locale}`);
  if (emulation.timezone != null) parts.push(`time zone ${emulation.timezone}`);
  return parts.length ? parts.join(', ') : 'none';
}

/**
 * What an operation or request ran under, as its row says it: `under Offline`; null when no
 * emulation was in force (the record carries the label Rust gave it).
 * @param {string | null | undefined} label
 */
export function underEmulation(label) {
  return label ? `under ${label}` : null;
}

/** Where a person learns what an emulation label means. */
export const EMULATION_NOTE = 'The emulation in force when it started (bsk emulate)';
