// The first agent flow both tools run (`swagger`), written once against a small adapter per tool:
// open the API console, sign in through it, place an order that fails, then find the failing
// request, read its response body and the console error. After each action the agent checks
// whether what it expects is in what the tool returned ([agent.mjs](agent.mjs)); if not it looks
// at the page once (a `look`), and anything more (waiting, looking again) is a `retry`. The second
// flow (`rapidoc`, a CORS failure inside an iframe) is in portal-flow.mjs.

import { after, visible } from './lib.mjs';
import { makeAgent } from './agent.mjs';
import { ORDER_ERROR, PASSWORD } from './app.mjs';

const LOGIN_BODY = JSON.stringify({ username: 'ada', password: PASSWORD });
const ORDER_BODY = JSON.stringify({ product_id: 2, quantity: 3 });
const TOKEN = /tok_[a-z0-9]{6,}/;

/**
 * What a tool adapter provides. `look` and `wait` take the kind to record the call as; `click`
 * records an `action` unless told otherwise (a click done again is a `retry`).
 * @typedef {{
 *   name: string,
 *   session: { call: (kind: string, step: string, tool: string, args: Record<string, unknown>) => Promise<{ result: any, text: string, structured: any }>, calls: any[] },
 *   setup: () => Promise<void>,
 *   navigate: (step: string, url: string) => Promise<{ text: string, structured: any }>,
 *   click: (step: string, ref: string, label: string, kind?: string) => Promise<{ text: string, structured: any }>,
 *   fill: (step: string, ref: string, value: string, label: string) => Promise<{ text: string, structured: any }>,
 *   look: (step: string, kind: string) => Promise<string>,
 *   wait: (step: string, text: string, attempt: number) => Promise<void>,
 *   ref: (tree: string, query: import('./lib.mjs').Query) => { ref: string, exact: boolean } | null,
 *   evidence: (flow: { executeOrder: { text: string, structured: any }, apiUrl: string }) => Promise<Evidence>,
 *   corsEvidence: (flow: { cancel: { text: string, structured: any }, orderId: string }) => Promise<import('./portal-flow.mjs').CorsEvidence>,
 * }} Adapter
 * @typedef {{
 *   request_found: boolean, body_found: boolean, console_error_found: boolean,
 *   console_in_action_result: boolean, link: string, preflight: string, how: string[],
 * }} Evidence
 */

/**
 * Runs the flow through one adapter.
 * @param {Adapter} tool
 * @param {{ consoleUrl: string, apiUrl: string }} app
 */
export async function runFlow(tool, app) {
  const agent = makeAgent(tool);
  const { check, ref, shows, both } = agent;

  const started = performance.now();
  await tool.setup();

  // 1. Open the console: the API's operations appear once its OpenAPI document has loaded.
  const LOGIN = 'POST /auth/login';
  const ORDERS = 'POST /orders';
  const loginOp = { role: 'button', name: LOGIN };
  const ordersOp = { role: 'button', name: ORDERS };
  const tryIt = (from) => ({ role: 'button', name: 'Try it out', from });
  const execute = (from) => ({ role: 'button', name: 'Execute', from });
  const loginBody = { role: 'textbox', value: '"username"', from: LOGIN };
  const orderBody = { role: 'textbox', value: '"product_id"', from: ORDERS };
  const tokenField = { role: 'textbox', name: 'X-Session-Token', from: ORDERS };

  await check('open', await tool.navigate('open', app.consoleUrl), shows('open', loginOp), LOGIN);

  // 2–5. Sign in through the console.
  await check('open login', await tool.click('open login', ref('open login', loginOp), LOGIN), shows('open login', tryIt(LOGIN)), 'Try it out');
  await check('try login', await tool.click('try login', ref('try login', tryIt(LOGIN)), 'Try it out'), both('try login', loginBody, execute(LOGIN)), 'Execute');
  const loginExecute = ref('fill login', execute(LOGIN));
  await tool.fill('fill login', ref('fill login', loginBody), LOGIN_BODY, 'login request body');
  await check('execute login', await tool.click('execute login', loginExecute, 'Execute'), (page) => TOKEN.test(visible(page)), 'tok_');
  const token = TOKEN.exec(visible(agent.view))?.[0] ?? '';

  // 6–10. Place an order with the token: the API answers 500.
  await check('open orders', await tool.click('open orders', ref('open orders', ordersOp), ORDERS), shows('open orders', tryIt(ORDERS)), 'Try it out');
  await check('try orders', await tool.click('try orders', ref('try orders', tryIt(ORDERS)), 'Try it out'), both('try orders', tokenField, orderBody), 'X-Session-Token');
  const orderExecute = ref('fill token', execute(ORDERS));
  const bodyBox = ref('fill order', orderBody);
  await tool.fill('fill token', ref('fill token', tokenField), token, 'X-Session-Token');
  await tool.fill('fill order', bodyBox, ORDER_BODY, 'order request body');
  const executeOrder = await tool.click('execute order', orderExecute, 'Execute');
  await check('execute order', executeOrder, (page) => /Server response/.test(after(page, ORDERS)), 'Server response');

  // 11–13. Debug: which request failed, what did it answer, what did the console say.
  const evidence = await tool.evidence({ executeOrder, apiUrl: app.apiUrl });
  const wall = performance.now() - started;
  return { wall_ms: Math.round(wall), token_found: TOKEN.test(token), inexact_steps: [...agent.inexact], shown_by_action: agent.shownByAction, evidence };
}

/** Whether `text` holds the order's error body (its code). */
export function holdsOrderError(text) {
  return text.includes(ORDER_ERROR.error.code);
}
