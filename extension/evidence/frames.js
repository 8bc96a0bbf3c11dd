// @ts-check
// Which frame or worker a request or console entry came from, by name: an iframe by its
// document's origin and path, a worker by its script's, the page's own document by nothing. The
// same rule as the daemon's problems (`frame_labels` and `frame_of` in
// actors/src/store/problems.rs): an out-of-process iframe's document request carries the
// iframe target's id as its frame id. The hex target id is kept for hover and details.

import { h } from './dom.js';

/**
 * @typedef {{ key: string, label: string, kind: 'frame' | 'worker', target: string, title: string }} FrameName
 *   `key` groups records for the frame filter; `label` is what a row shows
 */

/** A URL as a label reads it: origin and path, no query or fragment. */
export function originAndPath(/** @type {string} */ url) {
  return String(url ?? '').split(/[?#]/, 1)[0];
}

/**
 * Each iframe target's document URL (origin and path), by target id.
 * @param {{ run: { tab_id: string }, requests?: any[] }} doc
 * @returns {Map<string, string>}
 */
export function frameDocuments(doc) {
  /** @type {Map<string, string>} */
  const frames = new Map();
  for (const r of doc.requests ?? []) {
    if (r.resource_type !== 'Document' || typeof r.frame_id !== 'string' || r.frame_id === doc.run.tab_id) continue;
    if (!frames.has(r.frame_id)) frames.set(r.frame_id, originAndPath(r.url));
  }
  return frames;
}

/**
 * Where a request or console entry came from, when not the page's own document; null for the
 * page's.
 * @param {{ target_id?: string | null, worker?: { kind: string, url: string } | null }} record
 * @param {string} tabId the page's target id (`run.tab_id`)
 * @param {Map<string, string>} documents from `frameDocuments`
 * @returns {FrameName | null}
 */
export function frameOf(record, tabId, documents) {
  const target = record.target_id ?? '';
  if (record.worker) {
    const url = originAndPath(record.worker.url);
    return {
      key: `worker ${url}`, label: `worker ${url}`, kind: 'worker', target,
      title: `Sent by the ${record.worker.kind} worker ${record.worker.url}${target ? ` (target ${target})` : ''}`,
    };
  }
  if (!target || target === tabId) return null;
  const url = documents.get(target);
  return url
    ? { key: `frame ${url}`, label: `frame ${url}`, kind: 'frame', target, title: `From the iframe ${url} (target ${target})` }
    : { key: `frame ${target}`, label: 'another frame', kind: 'frame', target, title: `From a frame whose document request is not in this record (target ${target})` };
}

/**
 * The frames and workers a list of records came from, for a filter: the page's own document
 * first (`''`), then each by its label, in first-seen order.
 * @param {any[]} records
 * @param {(record: any) => FrameName | null} name
 * @returns {{ key: string, label: string, count: number }[]}
 */
export function frameChoices(records, name) {
  /** @type {Map<string, { key: string, label: string, count: number }>} */
  const choices = new Map([['', { key: '', label: 'this page', count: 0 }]]);
  for (const record of records) {
    const frame = name(record);
    const key = frame?.key ?? '';
    const choice = choices.get(key) ?? { key, label: frame?.label ?? 'this page', count: 0 };
    choice.count += 1;
    choices.set(key, choice);
  }
  return [...choices.values()];
}

/**
 * A frame or worker's name as a small label, its target id on hover; null for the page's own.
 * @param {FrameName | null} frame
 */
export function frameBadge(frame) {
  if (!frame) return null;
  return h('span', { class: `frame-label frame-${frame.kind}`, title: frame.title }, frame.label);
}
