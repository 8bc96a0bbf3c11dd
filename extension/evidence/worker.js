// @ts-check
// The worker a request or console entry came from (`bsk debug start --workers`), as a small
// label: its kind, with its script URL on hover.

import { badge } from './dom.js';

/** A `worker (dedicated)` badge for a record a worker sent, or null for the page's own. */
export function workerLabel(/** @type {any} */ record) {
  const worker = record?.worker;
  if (!worker) return null;
  const label = badge(`worker (${worker.kind})`, 'info');
  label.title = `sent by the ${worker.kind} worker ${worker.url}`;
  return label;
}
