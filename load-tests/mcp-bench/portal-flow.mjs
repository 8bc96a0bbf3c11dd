// The second agent flow both tools run (`rapidoc`), on the app of portal-app.mjs: RapiDoc embedded
// in a cross-site iframe of a developer portal. Open the portal; in the iframe, list the orders
// (TRY on `GET /orders`) and read the id of the pending one from the response; fill it into
// `DELETE /orders/{orderId}` and TRY: the CORS preflight refuses DELETE, the fetch fails and
// RapiDoc says so in the iframe. Then the debugging questions: which request failed and how, was
// there a preflight and what did it answer, what did the console say. The agent reads results as
// in the first flow (agent.mjs); a click that evidently did nothing (no change after a look and a
// wait) is done once more, as a retry.

import { after, squash, visible } from './lib.mjs';
import { makeAgent } from './agent.mjs';

/** Where each operation's part of the console starts, in either tool's tree. */
const LIST = 'heading "List orders"';
const CANCEL = 'heading "Cancel an order"';
/** What RapiDoc shows in the iframe when the fetch fails. */
export const FETCH_FAILED = 'Failed to fetch (CORS or Network Issue)';

/**
 * What the agent found out, each tool in its own way.
 * @typedef {{
 *   request_found: boolean, request_error: string, console_error_found: boolean,
 *   console_in_action_result: boolean, link: string, preflight: string, preflight_status: number | null,
 *   how: string[],
 * }} CorsEvidence
 */

/**
 * Runs the flow through one adapter.
 * @param {import('./flow.mjs').Adapter} tool
 * @param {{ portalUrl: string, apiUrl: string }} app
 */
export async function runPortalFlow(tool, app) {
  const agent = makeAgent(tool);
  const { check, ref, both } = agent;
  const tryList = { role: 'button', name: 'TRY', from: LIST };
  const tryCancel = { role: 'button', name: 'TRY', from: CANCEL };
  const orderIdBox = { role: 'textbox', from: CANCEL };
  /** A click the agent may do again: the same button, found in the page as it last saw it. */
  const redoClick = (step, query) => (page) => tool.click(step, tool.ref(page, query)?.ref ?? ref(step, query), 'TRY', 'retry');

  const started = performance.now();
  await tool.setup();

  // 1. Open the portal: the console in its iframe shows both operations once its document loaded.
  await check('open', await tool.navigate('open', app.portalUrl), both('open', tryList, tryCancel), 'Cancel an order');

  // 2. List the orders through the console and read the pending one's id from the response.
  await check('list orders', await tool.click('list orders', ref('list orders', tryList), 'TRY'), (page) => pendingOrder(page) !== null, 'pending', redoClick('list orders', tryList));
  const orderId = pendingOrder(agent.view) ?? '';

  // 3–4. Cancel it: fill the path parameter, TRY. The preflight refuses DELETE; the iframe says so.
  const cancelButton = ref('fill order id', tryCancel);
  await tool.fill('fill order id', ref('fill order id', orderIdBox), orderId, 'orderId');
  const failedShown = (page) => squash(after(page, CANCEL)).includes(squash(FETCH_FAILED));
  const cancel = await check('cancel order', await tool.click('cancel order', cancelButton, 'TRY'), failedShown, 'CORS or Network Issue', redoClick('cancel order', tryCancel));

  // 5. Debug: which request failed and how, its preflight, the console error.
  const evidence = await tool.corsEvidence({ cancel, orderId });
  const wall = performance.now() - started;
  return {
    wall_ms: Math.round(wall),
    order_id: orderId,
    inexact_steps: [...agent.inexact],
    shown_by_action: agent.shownByAction,
    evidence: { ...evidence, iframe_message_found: insideIframe(agent.view, FETCH_FAILED) },
  };
}

/**
 * The id of the first pending order in the orders the page shows (after `GET /orders`' heading):
 * each `ord_…` id paired with the first status word after it.
 * @param {string} page
 */
export function pendingOrder(page) {
  let id = null;
  for (const m of visible(after(page, LIST)).matchAll(/ord_[A-Za-z0-9]{5}|\b(pending|shipped|cancelled)\b/g)) {
    if (m[0].startsWith('ord_')) id = m[0];
    else if (id) {
      if (m[1] === 'pending') return id;
      id = null;
    }
  }
  return null;
}

/** Whether `text` shows in the tree below an iframe's line (either tool's tree). */
export function insideIframe(tree, text) {
  const lines = tree.split('\n');
  const frame = lines.findIndex((l) => /^\s*- (?:Iframe|iframe)\b/.test(l));
  const at = lines.findIndex((l) => squash(l).includes(squash(text)));
  return frame >= 0 && at > frame;
}

/** The cancel request: DELETE of the order. */
export function isCancel(r, orderId) {
  return r.method === 'DELETE' && `${r.path ?? ''} ${r.url ?? ''}`.includes(`/orders/${orderId}`);
}

/** The preflight of the cancel request. */
export function isCancelPreflight(r, orderId) {
  return r.method === 'OPTIONS' && `${r.path ?? ''} ${r.url ?? ''}`.includes(`/orders/${orderId}`);
}

/** The console's CORS error for the cancel request. */
export function isCorsError(text) {
  return /blocked by CORS policy/.test(text) && /\bDELETE\b/.test(text);
}
