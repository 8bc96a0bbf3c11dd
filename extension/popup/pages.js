// @ts-check
// The extension's own pages, opened from the popup in a new tab (no permission is needed for
// that), after which the popup closes as a menu does.

import { hashOf } from '../evidence/route.js';

/** The evidence page: the history list, or one record. */
export function evidencePath(/** @type {string} */ runId = '') {
  return runId ? `evidence.html${hashOf({ run: runId })}` : 'evidence.html';
}

/**
 * Opens an extension page in a new tab and closes the popup.
 * @param {string} path relative to the extension's root
 */
export async function openPage(path) {
  await chrome.tabs.create({ url: chrome.runtime.getURL(path) });
  window.close();
}

/**
 * A link to an extension page that opens it through `openPage` (a plain link in a popup would
 * not close it), yet keeps an address a person can see.
 * @param {string} path
 * @returns {(event: Event) => void}
 */
export function opener(path) {
  return (event) => {
    event.preventDefault();
    openPage(path);
  };
}
