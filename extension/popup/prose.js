// @ts-check
// Sentences that carry commands: `backticked` parts become <code>, the rest stays text (never
// HTML: a daemon's error message is data).

import { h } from '../evidence/dom.js';

/**
 * @param {string} text
 * @returns {(string | HTMLElement)[]}
 */
export function prose(text) {
  return text.split('`').map((part, i) => (i % 2 === 1 ? h('code', null, part) : part)).filter((part) => part !== '');
}

/** A full stop at the end of a clause that has none. */
export function clause(/** @type {string} */ text) {
  const trimmed = text.trim();
  return !trimmed || /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** A daemon's clause as a sentence of its own: the first letter capitalised, a full stop. */
export function sentence(/** @type {string} */ text) {
  const full = clause(text);
  return full && full[0].toUpperCase() + full.slice(1);
}
