// @ts-check
// The popup: Quick Actions → Website debugging (the current tasks with start/stop capture and
// their evidence, or the prompt for the agent; history, with or without a daemon or task), the
// connection as the link sees it, and browser automation preferences. Re-reads the link every
// 2 s while open, at once when the worker announces a heartbeat, a goodbye or a saved
// checkpoint, and at the moment the last heartbeat goes stale (a daemon that crashed says
// nothing).

import { CHANGES_CHANNEL, HEARTBEAT_STALE_MS } from '../lib/constants.js';
import { DEFAULT_PREFERENCES, History } from '../lib/history.js';
import { timeZone, timeZoneWords } from '../lib/time.js';
import { renderConnection } from './connection.js';
import { linkStatus } from './link.js';
import { markMore } from './overflow.js';
import { renderPreferences } from './preferences.js';
import { renderRecent } from './recent.js';
import { Tasks } from './tasks.js';

/** The daemon's heartbeat period: the popup reads the link as often as it can change. */
const STATUS_REFRESH_MS = 2_000;

const byId = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const places = {
  zone: byId('time-zone'),
  connection: byId('connection'),
  storage: byId('storage'),
  version: byId('extension-version'),
};
const tasks = new Tasks(byId('tasks'), { refresh: () => { refreshStatus(); } });
for (const part of [byId('tasks'), byId('history'), byId('quick-actions'), /** @type {HTMLElement} */ (document.querySelector('.popup-panels'))]) markMore(part);

/** One read at a time; a request during a read is served by one more read after it. */
let reading = /** @type {Promise<void> | null} */ (null);
let readAgain = false;

async function refreshStatus() {
  if (reading) {
    readAgain = true;
    return reading;
  }
  reading = (async () => {
    do {
      readAgain = false;
      /** @type {import('./link.js').LinkStatus | Error} */
      let status;
      try {
        status = await linkStatus();
      } catch (e) {
        status = e instanceof Error ? e : new Error(String(e));
      }
      renderConnection(places, status, reconnect);
      tasks.update(status);
      watchStale(status);
    } while (readAgain);
  })().finally(() => { reading = null; });
  return reading;
}

/** @type {ReturnType<typeof setTimeout> | undefined} */
let staleTimer;

/**
 * Reads the link again when the last heartbeat goes stale, so a daemon that stopped without a
 * goodbye shows disconnected at the stale limit, not up to a refresh later.
 * @param {import('./link.js').LinkStatus | Error} status
 */
function watchStale(status) {
  clearTimeout(staleTimer);
  if (status instanceof Error || !status.connected || !status.heartbeat) return;
  staleTimer = setTimeout(refreshStatus, Math.max(0, status.heartbeat.at + HEARTBEAT_STALE_MS - Date.now()) + 20);
}

/**
 * Wakes the extension's service worker (a message starts it) and reads the link again at once:
 * the daemon finds a woken worker on its next heartbeat.
 */
async function reconnect() {
  await chrome.runtime.sendMessage({ type: 'wake' }).catch(() => {});
  await refreshStatus();
}

/** @param {History | null} history */
async function refreshHistory(history) {
  if (!history) return;
  try {
    renderRecent(byId('history'), await history.list());
  } catch (e) {
    renderRecent(byId('history'), e instanceof Error ? e : new Error(String(e)));
  }
}

async function start() {
  places.version.textContent = `extension ${chrome.runtime.getManifest().version}`;
  // Every time in the popup is written in the person's zone, 24-hour; the zone is said here once.
  places.zone.textContent = timeZoneWords();
  places.zone.title = `Every time in this popup and in History is 24-hour, in this browser’s time zone (${timeZone()}).`;
  /** @type {History | null} */
  let history = null;
  let preferences = DEFAULT_PREFERENCES;
  try {
    history = await History.open();
    // Records left active by a daemon or browser that went away are listed as interrupted. A
    // recovery that fails leaves them as they are; the evidence page reports it.
    await history.recover().catch(() => {});
    preferences = await history.preferences();
  } catch (e) {
    renderRecent(byId('history'), new Error(`history cannot be opened: ${e instanceof Error ? e.message : String(e)}`));
  }
  tasks.setCaptureName(preferences.capture_name);
  await Promise.all([
    renderPreferences(byId('preferences'), history, preferences, (saved) => tasks.setCaptureName(saved.capture_name)),
    refreshStatus(), refreshHistory(history)]);

  setInterval(refreshStatus, STATUS_REFRESH_MS);
  const channel = new BroadcastChannel(CHANGES_CHANNEL);
  channel.addEventListener('message', (event) => {
    if (event.data?.type === 'heartbeat') refreshStatus();
    else refreshHistory(history);
  });
}

start();
