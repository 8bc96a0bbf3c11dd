// @ts-check
// The service worker: the extension's end of the link with the bsk daemon, and the only writer
// of history.
//
// The daemon attaches to this worker over the CDP connection it already holds (no port, no
// token: only the process that controls the browser can reach it) and calls the functions of
// `globalThis.bskLink` with Runtime.evaluate. While attached, Chromium keeps the worker alive.
// See docs/decisions/0003-extension-link.md.

import { CHANGES_CHANNEL, HEARTBEAT_STALE_MS, LINK_PROTOCOL } from './lib/constants.js';
import { History } from './lib/history.js';

/**
 * What the daemon's calls carry, generated from its types (schema/src/link.rs → schema/json/).
 * @typedef {import('./types/generated/link-hello').LinkHello} LinkHello
 * @typedef {import('./types/generated/link-welcome').LinkWelcome} LinkWelcome
 * @typedef {import('./types/generated/link-heartbeat').Heartbeat} Heartbeat
 * @typedef {import('./types/generated/link-goodbye').Goodbye} Goodbye
 * @typedef {import('./types/generated/link-checkpoint').CheckpointText} CheckpointText
 * @typedef {import('./types/generated/link-checkpoint-ack').CheckpointAck} CheckpointAck
 * @typedef {import('./types/generated/link-picture').LinkPicture} LinkPicture
 * @typedef {import('./types/generated/link-picture-ack').PictureAck} PictureAck
 */

/** @type {Promise<History> | null} */
let opened = null;
function history() {
  opened ??= History.open().catch((e) => { opened = null; throw e; });
  return opened;
}

const changes = new BroadcastChannel(CHANGES_CHANNEL);

/**
 * What the link last heard from the daemon (kept in memory; heartbeats are also stored so the
 * pages can tell a live capture from one left behind), and when it said goodbye if it did.
 * @type {import('./lib/history.js').DaemonBeat | null}
 */
let lastHeartbeat = null;

/**
 * Whether a daemon is connected: it has not said goodbye, and its last heartbeat is within the
 * stale limit (a daemon that crashed says nothing; its heartbeats stop).
 */
function daemonConnected() {
  return !!lastHeartbeat && lastHeartbeat.goodbye_at === undefined
    && lastHeartbeat.at >= Date.now() - HEARTBEAT_STALE_MS;
}

/**
 * Requests the popup made of the daemon, waiting for `bskLink.reply`.
 * @type {Map<number, (answer: any) => void>}
 */
const requests = new Map();
let nextRequest = 1;

/** How long the popup waits for the daemon to start or stop a capture. */
const DAEMON_REQUEST_DEADLINE_MS = 15_000;

/**
 * Asks the daemon to start or stop a capture. The daemon installs `bskDaemon` (a CDP binding
 * only this worker can see) when it attaches; without it no daemon is connected.
 * @param {'debug.start' | 'debug.stop'} action
 * @param {{ session: string, name?: string, workers?: boolean }} params
 */
function askDaemon(action, params) {
  // @ts-ignore the binding is installed by the daemon
  const binding = globalThis.bskDaemon;
  if (typeof binding !== 'function' || !daemonConnected()) {
    return Promise.resolve({ ok: false, error: { code: 'unavailable', message: 'no bsk daemon is connected to this browser', hint: 'start one with `bsk session start` (it launches or attaches to this browser)' } });
  }
  const id = nextRequest++;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      requests.delete(id);
      resolve({ ok: false, error: { code: 'timeout', message: 'the bsk daemon did not answer in time' } });
    }, DAEMON_REQUEST_DEADLINE_MS);
    requests.set(id, (answer) => { clearTimeout(timer); resolve(answer); });
    binding(JSON.stringify({ id, action, ...params }));
  });
}

/** The last storage error, shown by the popup until a save succeeds again. */
let storageError = /** @type {string | null} */ (null);

const link = {
  /**
   * The daemon's first call after attaching: which protocol and version this extension speaks.
   * @param {LinkHello} daemon
   * @returns {Promise<LinkWelcome & { daemon_compatible: boolean }>}
   */
  async hello(daemon) {
    return {
      protocol: LINK_PROTOCOL,
      extension_id: chrome.runtime.id,
      extension_version: chrome.runtime.getManifest().version,
      daemon_compatible: daemon?.protocol === LINK_PROTOCOL,
    };
  },

  /**
   * One already-redacted checkpoint, as the JSON text of its export document and its size in
   * UTF-8 bytes (a string crosses CDP as one value; an object would be rebuilt here property by
   * property). Resolves with the acknowledgement once it is committed to IndexedDB; rejects with
   * the storage error otherwise.
   * @param {Omit<CheckpointText, 'digest'> & { digest?: unknown }} checkpoint `digest`: what
   *   history lists the record by, so that the text is stored without being parsed here (checked
   *   before use: a daemon that predates it sends none)
   * @returns {Promise<CheckpointAck>}
   */
  async checkpoint(checkpoint) {
    try {
      if (typeof checkpoint?.json !== 'string') {
        throw new Error(`a checkpoint comes as the JSON text of its document ({json, bytes}, link protocol ${LINK_PROTOCOL})`);
      }
      const ack = await (await history()).saveCheckpoint(checkpoint.json, Date.now(), checkpoint.bytes, checkpoint.digest);
      storageError = null;
      changes.postMessage({ type: 'saved', run_id: ack.run_id, evicted: ack.evicted });
      return ack;
    } catch (e) {
      storageError = String(/** @type {Error} */ (e).message ?? e);
      throw e;
    }
  },

  /**
   * One filmstrip picture, sent once, before the first checkpoint that refers to it (checkpoints
   * carry an operation's `picture` without its `base64`). Resolves with the acknowledgement once
   * it is committed to IndexedDB; rejects with the storage error, or with why the picture cannot
   * be stored, otherwise.
   * @param {LinkPicture} picture
   * @returns {Promise<PictureAck>}
   */
  async picture(picture) {
    try {
      const ack = await (await history()).savePicture(picture);
      storageError = null;
      return ack;
    } catch (e) {
      storageError = String(/** @type {Error} */ (e).message ?? e);
      throw e;
    }
  },

  /**
   * The daemon's answer to a request the popup made through `bskDaemon`.
   * @param {{ id: number, ok: boolean, result?: any, error?: { code: string, message: string, hint?: string } }} answer
   */
  async reply(answer) {
    const pending = requests.get(answer.id);
    requests.delete(answer.id);
    pending?.(answer);
    return { ok: true };
  },

  /**
   * The person's browser automation preferences, as the popup stores them in history's
   * IndexedDB (`{ browser: 'headless'|'visible', dialogs: 'ask'|'accept'|'dismiss', profile:
   * 'private'|'shared', foldStatic: boolean, workers: boolean, screenshots: boolean }`), or null
   * when none are set. The daemon reads them at session start, and `screenshots` when a capture
   * starts, for what no flag chose.
   */
  async preferences() {
    const stored = await (await history()).automation();
    return stored && typeof stored === 'object' ? stored : null;
  },

  /**
   * The daemon is alive; these captures are active, these sessions exist.
   * @param {Heartbeat} beat
   */
  async heartbeat(beat) {
    // A heartbeat sent just before the daemon's goodbye may arrive after it: that daemon is gone.
    if (lastHeartbeat?.daemon_id === beat.daemon_id && lastHeartbeat.goodbye_at !== undefined) return { ok: true };
    const previous = lastHeartbeat;
    const heard = { ...beat, at: Date.now() };
    lastHeartbeat = heard;
    if (!(await (await history()).heartbeat(heard))) {
      // Its goodbye is stored (heard before this worker restarted).
      if (lastHeartbeat === heard) lastHeartbeat = previous;
      return { ok: true };
    }
    changes.postMessage({ type: 'heartbeat' });
    return { ok: true };
  },

  /**
   * The daemon is stopping cleanly (`bsk daemon stop`, idle exit), right before it closes its
   * connection to the browser. The pages show it stopped at once, and the captures it still held
   * active are recovered as interrupted without waiting for the stale limit.
   * @param {Goodbye} goodbye
   */
  async goodbye(goodbye) {
    const gone = await (await history()).goodbye(goodbye, Date.now());
    if (!lastHeartbeat || lastHeartbeat.daemon_id === goodbye.daemon_id) lastHeartbeat = gone;
    // The link's state changed: the pages listen for it as for a heartbeat.
    changes.postMessage({ type: 'heartbeat' });
    await recover();
    return { ok: true };
  },
};

Object.defineProperty(globalThis, 'bskLink', { value: Object.freeze(link), enumerable: false });

/** Marks records left active by a daemon or browser that went away as interrupted. */
async function recover() {
  try {
    const recovered = await (await history()).recover();
    for (const runId of recovered) changes.postMessage({ type: 'saved', run_id: runId, evicted: [] });
  } catch (e) {
    console.warn('bsk: recovery failed', e);
  }
}

// On every start of the worker (browser start, extension reload, wake-up after the daemon
// detached) and then while it runs: heartbeats that stop mean the daemon is gone.
recover();
setInterval(() => {
  if (!daemonConnected()) recover();
}, HEARTBEAT_STALE_MS);

// The extension's own pages ask the worker for the link's state. Other extensions and web pages
// cannot reach this listener (no `externally_connectable`, no onMessageExternal), and a sender
// from another origin is refused all the same.
chrome.runtime.onMessage.addListener((message, sender, reply) => {
  if (sender.id !== chrome.runtime.id || !sender.url?.startsWith(`chrome-extension://${chrome.runtime.id}/`)) {
    return false;
  }
  if (message?.type === 'wake') {
    reply({ ok: true });
    return false;
  }
  if (message?.type === 'link-status') {
    reply({ connected: daemonConnected(), heartbeat: lastHeartbeat, storage_error: storageError, extension_version: chrome.runtime.getManifest().version });
    return false;
  }
  if (message?.type === 'daemon' && (message.action === 'debug.start' || message.action === 'debug.stop')
      && typeof message.session === 'string') {
    // A capture started here records workers when the person's preference says so.
    const workers = message.action === 'debug.start'
      ? history().then((h) => h.automation()).then((stored) => /** @type {any} */ (stored)?.workers === true, () => false)
      : Promise.resolve(false);
    workers
      .then((workers) => askDaemon(message.action, { session: message.session, name: typeof message.name === 'string' ? message.name : undefined, workers }))
      .then(reply);
    return true; // answers asynchronously
  }
  return false;
});
