// The one agent flow both tools run, written once against a small adapter per tool: open the API
// console, sign in through it, place an order that fails, then find the failing request, read its
// response body and the console error. After each action the agent checks whether what it
// expects is in what the tool returned; if not it looks at the page once (a `look`), and anything
// more (waiting, looking again) is a `retry`.

import { after, visible } from './lib.mjs';
import { ORDER_ERROR, PASSWORD } from './app.mjs';

const LOGIN_BODY = JSON.stringify({ username: 'ada', password: PASSWORD });
const ORDER_BODY = JSON.stringify({ product_id: 2, quantity: 3 });
const TOKEN = /tok_[a-z0-9]{6,}/;

/**
 * What a tool adapter provides. `look` and `wait` take the kind to record the call as.
 * @typedef {{
 *   name: string,
 *   session: { call: (kind: string, step: string, tool: string, args: Record<string, unknown>) => Promise<{ result: any, text: string, structured: any }>, calls: any[] },
 *   setup: () => Promise<void>,
 *   navigate: (step: string, url: string) => Promise<{ text: string, structured: any }>,
 *   click: (step: string, ref: string, label: string) => Promise<{ text: string, structured: any }>,
 *   fill: (step: string, ref: string, value: string, label: string) => Promise<{ text: string, structured: any }>,
 *   look: (step: string, kind: string) => Promise<string>,
 *   wait: (step: string, text: string, attempt: number) => Promise<void>,
 *   ref: (tree: string, query: import('./lib.mjs').Query) => { ref: string, exact: boolean } | null,
 *   evidence: (flow: { executeOrder: { text: string, structured: any }, apiUrl: string }) => Promise<Evidence>,
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
  /** The page as the agent last saw it (a tree, or an action's result that showed the page). */
  let view = '';
  /** Steps where a name or text matched only as a person reads it (whitespace, invisible characters). */
  const inexact = new Set();
  /** Steps whose action result alone showed the expected state. */
  const shownByAction = [];

  /**
   * After an action: is the expected state in its result? If not, look once, then wait and look
   * again until it is.
   * @param {string} step
   * @param {{ text: string, structured: any }} result
   * @param {(page: string) => boolean} expect
   * @param {string} waitText what an agent would wait for
   */
  async function check(step, result, expect, waitText) {
    const own = `${result.text}\n${result.structured ? JSON.stringify(result.structured) : ''}`;
    if (expect(own)) {
      shownByAction.push(step);
      view = own;
      return;
    }
    let page = await tool.look(step, 'look');
    for (let attempt = 1; !expect(page); attempt++) {
      if (attempt > 5) throw new Error(`${tool.name}: after ${step} the page never showed what was expected:\n${page.slice(0, 3000)}`);
      await tool.wait(step, waitText, attempt);
      page = await tool.look(step, 'retry');
    }
    view = page;
  }

  /** The ref of `query` in the current view, or an error naming what is missing. */
  function ref(step, query) {
    const found = tool.ref(view, query);
    if (!found) throw new Error(`${tool.name}: ${step}: no ${query.role} ${query.name ?? ''} ${query.value ?? ''} after ${query.from ?? 'the top'} in:\n${view.slice(0, 4000)}`);
    if (!found.exact) inexact.add(step);
    return found.ref;
  }
  /** Whether the page shows the element; notes the step when only as a person reads it. */
  const shows = (step, query) => (page) => {
    const found = tool.ref(page, query);
    if (found && !found.exact) inexact.add(step);
    return found !== null;
  };

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
  const both = (step, a, b) => (page) => shows(step, a)(page) && shows(step, b)(page);

  await check('open', await tool.navigate('open', app.consoleUrl), shows('open', loginOp), LOGIN);

  // 2–5. Sign in through the console.
  await check('open login', await tool.click('open login', ref('open login', loginOp), LOGIN), shows('open login', tryIt(LOGIN)), 'Try it out');
  await check('try login', await tool.click('try login', ref('try login', tryIt(LOGIN)), 'Try it out'), both('try login', loginBody, execute(LOGIN)), 'Execute');
  const loginExecute = ref('fill login', execute(LOGIN));
  await tool.fill('fill login', ref('fill login', loginBody), LOGIN_BODY, 'login request body');
  await check('execute login', await tool.click('execute login', loginExecute, 'Execute'), (page) => TOKEN.test(visible(page)), 'tok_');
  const token = TOKEN.exec(visible(view))?.[0] ?? '';

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
  return { wall_ms: Math.round(wall), token_found: TOKEN.test(token), inexact_steps: [...inexact], shown_by_action: shownByAction, evidence };
}

/** Whether `text` holds the order's error body (its code). */
export function holdsOrderError(text) {
  return text.includes(ORDER_ERROR.error.code);
}
