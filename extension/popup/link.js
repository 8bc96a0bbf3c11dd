// @ts-check
// The popup's questions to the service worker: how the link with the bsk daemon stands, and
// asking the daemon to start or stop a capture. The worker answers both (background.js).

/**
 * @typedef {import('../types/generated/link-heartbeat').LinkCapture} LinkCapture
 * @typedef {import('../types/generated/link-heartbeat').LinkSession} LinkSession
 * @typedef {import('../types/generated/link-heartbeat').Heartbeat} Heartbeat
 * @typedef {{ connected: boolean, heartbeat: import('../lib/history.js').DaemonBeat | null, storage_error: string | null, extension_version: string }} LinkStatus
 *   `heartbeat`: the daemon as last heard, with `goodbye_at` when it said goodbye (stopped cleanly)
 * @typedef {{ code: string, message: string, hint?: string }} DaemonError
 * @typedef {{ ok: true, result: any } | { ok: false, error: DaemonError }} DaemonAnswer
 */

/**
 * The link's state. Rejects when the worker cannot be reached.
 * @returns {Promise<LinkStatus>}
 */
export async function linkStatus() {
  const status = await chrome.runtime.sendMessage({ type: 'link-status' });
  if (!status || typeof status.connected !== 'boolean') throw new Error('the extension’s service worker gave no answer');
  return status;
}

/**
 * Asks the daemon, through the worker, to start or stop the website-debugging capture of a
 * session. Never rejects: a worker that cannot be reached is answered as an error too.
 * @param {'debug.start' | 'debug.stop'} action
 * @param {string} session
 * @param {string} [name] the capture's name (start only)
 * @returns {Promise<DaemonAnswer>}
 */
export async function askDaemon(action, session, name) {
  try {
    const answer = await chrome.runtime.sendMessage({ type: 'daemon', action, session, name });
    if (answer && typeof answer.ok === 'boolean') return answer;
    return { ok: false, error: { code: 'internal', message: 'the extension’s service worker gave no answer' } };
  } catch (e) {
    return { ok: false, error: { code: 'internal', message: `the extension’s service worker could not be reached: ${e instanceof Error ? e.message : String(e)}`, hint: 'reopen this popup; if it persists, reload the extension' } };
  }
}
