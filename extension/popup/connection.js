// @ts-check
// The connection, as the link sees it. The link rides the daemon's own CDP connection to this
// browser, so there is no address or port to set here: the popup says which daemon it hears
// (version, process, sessions), when it last heard it, and offers Reconnect, which wakes this
// extension's service worker and asks again (the daemon finds it on its next heartbeat).
// Also a storage error, when history could not save.

import { focusState, h, replace, restoreFocus } from '../evidence/dom.js';
import { plural } from '../evidence/format.js';
import { recentTime } from '../lib/time.js';
import { reveal } from './preferences.js';
import { clause, prose } from './prose.js';

/** @typedef {import('./link.js').LinkStatus} LinkStatus */

/**
 * @param {{ connection: HTMLElement, storage: HTMLElement, version: HTMLElement }} places
 * @param {LinkStatus | Error} status the worker's answer, or why there is none
 * @param {() => void} reconnect
 */
export function renderConnection(places, status, reconnect) {
  // Redrawn on every read of the link (every 2 s): focus stays where it was.
  const focus = focusState();
  draw(places, status, reconnect);
  restoreFocus(places.connection, focus);
}

/**
 * @param {{ connection: HTMLElement, storage: HTMLElement, version: HTMLElement }} places
 * @param {LinkStatus | Error} status
 * @param {() => void} reconnect
 */
function draw(places, status, reconnect) {
  const open = places.connection.querySelector('details')?.open ?? false;
  const button = h('button', { type: 'button', id: 'reconnect', class: 'reconnect', onclick: reconnect }, 'Reconnect');
  if (status instanceof Error) {
    replace(places.connection, panel(open, line('unknown', 'Connection unknown', ''),
      h('p', { class: 'connection-how' }, `The extension’s service worker did not answer: ${status.message}. Press Reconnect; if it persists, reload the extension.`),
      button));
    replace(places.storage);
    return;
  }
  places.version.textContent = `extension ${status.extension_version}`;
  const beat = status.heartbeat;
  if (status.connected && beat) {
    const active = beat.active_runs?.length ?? 0;
    const sessions = beat.sessions?.length ?? 0;
    replace(places.connection, panel(open,
      line('on', 'Daemon connected', plural(sessions, 'session')),
      h('dl', { class: 'connection-facts' },
        fact('Daemon', beat.daemon_version ? `bsk ${beat.daemon_version}` : 'bsk (version not reported)'),
        beat.pid !== undefined ? fact('Process', `pid ${beat.pid}`) : null,
        fact('Sessions', sessions ? (beat.sessions ?? []).map((s) => s.name || s.id).join(', ') : 'none'),
        fact('Captures', active === 1 ? '1 active' : `${active} active`),
        fact('Last heard', recentTime(beat.at))),
      h('p', { class: 'connection-how' }, 'The link rides the daemon’s own connection to this browser: there is no address or port to set.'),
      button));
  } else if (beat?.goodbye_at !== undefined) {
    // The daemon said goodbye: it stopped cleanly, and said so as it went.
    replace(places.connection, panel(open,
      line('off', 'Daemon stopped', `at ${recentTime(beat.goodbye_at)}`),
      h('p', { class: 'connection-how' },
        ...prose(`bsk ${beat.daemon_version ? `${beat.daemon_version} ` : ''}stopped and closed its connection to this browser; its records stay in History. An agent connects one again by running \`bsk session start\`.`)),
      button));
  } else {
    replace(places.connection, panel(open,
      line('off', 'No daemon connected', beat ? `last heard ${recentTime(beat.at)}` : ''),
      h('p', { class: 'connection-how' },
        ...prose('An agent connects one by running `bsk session start`: bsk launches a browser with this extension, or attaches to a running one with `bsk daemon start --cdp-url …`.')),
      h('p', { class: 'connection-how' }, 'The link rides the daemon’s own connection to this browser: there is no address or port to set.'),
      button));
  }
  replace(places.storage, status.storage_error
    ? h('div', { class: 'failure storage-error', role: 'alert' },
      h('strong', null, 'Evidence is not being saved in this browser'),
      h('p', null, `The latest checkpoint could not be stored in history: ${clause(status.storage_error)}`),
      h('p', null, ...prose('Live evidence stays readable with `bsk debug …` and exportable with `bsk debug export` while the capture runs.')))
    : null);
}

/**
 * The connection folded to its state line; open, what the link sees and Reconnect.
 * @param {boolean} open kept across redraws
 * @param {HTMLElement} summary
 * @param {...(Node | null)} body
 */
function panel(open, summary, ...body) {
  const details = h('details', { class: 'connection-panel' }, h('summary', { onclick: reveal, 'data-focus-key': 'connection' }, summary), ...body);
  details.open = open;
  return details;
}

/**
 * The state as a dot and words (the words carry it; the colour only repeats them).
 * @param {'on' | 'off' | 'unknown'} state
 * @param {string} words
 * @param {string} more
 */
function line(state, words, more) {
  return h('span', { class: `connection-state connection-${state}` },
    h('span', { class: 'connection-dot', 'aria-hidden': 'true' }), h('strong', null, words),
    more ? h('span', { class: 'connection-more' }, more) : null);
}

/**
 * @param {string} term
 * @param {string} value
 */
function fact(term, value) {
  return h('div', null, h('dt', null, term), h('dd', null, value));
}
