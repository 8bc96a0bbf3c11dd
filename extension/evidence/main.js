// @ts-check
// The evidence page: the history list (no hash) or one record (#run=<run id>), live while the
// record's capture is active. Reads history from IndexedDB; never fetches anything.

import { CHANGES_CHANNEL, HEARTBEAT_STALE_MS } from '../lib/constants.js';
import { History } from '../lib/history.js';
import { DEFAULT_AUTOMATION, readPreferences } from '../lib/preferences.js';
import { h, replace } from './dom.js';
import { HistoryView } from './history-view.js';
import { RecordView } from './record-view.js';
import { parseRoute } from './route.js';

const root = /** @type {HTMLElement} */ (document.getElementById('app'));

/** @type {HistoryView | RecordView | null} */
let current = null;

async function start() {
  /** @type {History} */
  let history;
  try {
    history = await History.open();
  } catch (e) {
    replace(root, failure('History cannot be opened', e));
    return;
  }
  // Records left active by a daemon or browser that went away are shown as interrupted, not
  // as live: recovery runs before anything is read.
  let recoveryError = null;
  try {
    await history.recover();
  } catch (e) {
    recoveryError = e;
  }
  // The person's folding default (set in the popup), read once: each record view starts from
  // it, and its own toggle still changes that view.
  const legacy = await history.preferences().catch(() => null);
  const preferences = await readPreferences(history, { legacyFoldStatic: legacy?.fold_static }).catch(() => DEFAULT_AUTOMATION);

  const show = () => {
    const route = parseRoute(location.hash);
    if (route.run) {
      if (current instanceof RecordView && current.runId === route.run) {
        current.navigate(route);
        return;
      }
      current?.dispose();
      current = new RecordView(root, history, route, { showFolded: !preferences.foldStatic });
    } else {
      if (current instanceof HistoryView) return;
      current?.dispose();
      current = new HistoryView(root, history, route.q);
    }
    current.start().catch((e) => replace(root, failure('This page could not be shown', e)));
  };
  window.addEventListener('hashchange', show);
  show();
  if (recoveryError) current?.notice(`Recovering interrupted records failed: ${message(recoveryError)}`);
  // "Storage failures are displayed": the worker remembers the last failed save until one works.
  chrome.runtime.sendMessage({ type: 'link-status' }).then((status) => {
    if (status?.storage_error) current?.notice(`The latest checkpoint could not be saved in this browser: ${status.storage_error}. Live evidence stays exportable with bsk debug export.`);
  }).catch(() => {});

  // The service worker announces every saved checkpoint; the view decides what to re-read.
  const channel = new BroadcastChannel(CHANGES_CHANNEL);
  channel.addEventListener('message', (event) => current?.changed(event.data ?? {}));

  // The worker may be asleep (no daemon keeps it awake), so the page itself notices a capture
  // whose daemon stopped reporting, and shows it interrupted instead of live forever.
  setInterval(async () => {
    try {
      for (const runId of await history.recover()) current?.changed({ type: 'saved', run_id: runId, evicted: [] });
    } catch {
      // The next round retries; a failing database is reported by the reads themselves.
    }
  }, HEARTBEAT_STALE_MS);
}

// Space activates row links as it does buttons: rows are links (they can be opened in a new
// tab), yet a person expects Space to open them too.
document.addEventListener('keydown', (event) => {
  const target = /** @type {HTMLElement} */ (event.target);
  if (event.key === ' ' && target instanceof HTMLAnchorElement && target.classList.contains('row-link')) {
    event.preventDefault();
    target.click();
  }
});

/** @param {unknown} e */
function message(e) {
  return e instanceof Error ? e.message : String(e);
}

/**
 * @param {string} title
 * @param {unknown} e
 */
function failure(title, e) {
  return h('div', { class: 'failure', role: 'alert' },
    h('h1', null, title),
    h('p', null, message(e)),
    h('p', null, 'Reload the page to try again. Records already in history are not changed by this error.'));
}

start();
