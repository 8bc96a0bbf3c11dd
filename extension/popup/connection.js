// @ts-check
// Whether a bsk daemon is connected to this browser, the extension's version, and a storage
// error when history could not save.

import { h, replace } from '../evidence/dom.js';
import { dateTime } from '../evidence/format.js';
import { clause, prose } from './prose.js';

/** @typedef {import('./link.js').LinkStatus} LinkStatus */

/**
 * @param {{ connection: HTMLElement, storage: HTMLElement, version: HTMLElement }} places
 * @param {LinkStatus | Error} status the worker's answer, or why there is none
 */
export function renderConnection(places, status) {
  if (status instanceof Error) {
    replace(places.connection,
      line('unknown', 'Connection unknown'),
      h('p', { class: 'connection-how' }, `The extension’s service worker did not answer: ${status.message}. Reopen this popup; if it persists, reload the extension.`));
    replace(places.storage);
    return;
  }
  places.version.textContent = `extension ${status.extension_version}`;
  const beat = status.heartbeat;
  if (status.connected && beat) {
    const active = beat.active_runs?.length ?? 0;
    replace(places.connection,
      line('on', 'Daemon connected'),
      h('p', { class: 'connection-facts' },
        beat.daemon_version ? h('span', null, `bsk ${beat.daemon_version}`) : null,
        beat.pid !== undefined ? h('span', null, `pid ${beat.pid}`) : null,
        h('span', null, active === 1 ? '1 capture active' : `${active} captures active`)));
  } else {
    replace(places.connection,
      line('off', 'No daemon connected'),
      h('p', { class: 'connection-how' },
        ...prose('An agent connects one by running `bsk session start`: bsk launches a browser with this extension, or attaches to a running one with `bsk daemon start --cdp-url …`.')),
      beat ? h('p', { class: 'connection-facts' }, `Last heard ${dateTime(beat.at)}.`) : null);
  }
  replace(places.storage, status.storage_error
    ? h('div', { class: 'failure storage-error', role: 'alert' },
      h('strong', null, 'Evidence is not being saved in this browser'),
      h('p', null, `The latest checkpoint could not be stored in history: ${clause(status.storage_error)}`),
      h('p', null, ...prose('Live evidence stays readable with `bsk debug …` and exportable with `bsk debug export` while the capture runs.')))
    : null);
}

/**
 * The state as a dot and words (the words carry it; the colour only repeats them).
 * @param {'on' | 'off' | 'unknown'} state
 * @param {string} words
 */
function line(state, words) {
  return h('p', { class: `connection-state connection-${state}` },
    h('span', { class: 'connection-dot', 'aria-hidden': 'true' }), h('strong', null, words));
}
