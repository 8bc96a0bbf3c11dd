// The one agent flow both tools run, written once against a small adapter per tool: open the API
// console, sign in through it, place an order that fails, then find the failing request, read its
// response body and the console error. After each action the agent checks whether what it
// expects is in what the tool returned; if not it looks at the page once (a `look`), and anything
// more (waiting, looking again) is a `retry`.

import { after, hasInvisible, visible } from './lib.mjs';
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
 *   ref: (tree: string, query: { role: string, name?: RegExp, value?: RegExp, from?: string }) => string | null,
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
  /** Steps whose expected text matched only once invisible characters were removed. */
  const invisibleSteps = [];
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
    if (expect(visible(own))) {
      if (!expect(own)) invisibleSteps.push(step);
      shownByAction.push(step);
      view = own;
      return;
    }
    let page = await tool.look(step, 'look');
    for (let attempt = 1; !expect(visible(page)); attempt++) {
      if (attempt > 5) throw new Error(`${tool.name}: after ${step} the page never showed what was expected:\n${page.slice(0, 3000)}`);
      await tool.wait(step, waitText, attempt);
      page = await tool.look(step, 'retry');
    }
    if (!expect(page) && hasInvisible(page)) invisibleSteps.push(step);
    view = page;
  }

  /** The ref of `query` in the current view, or an error naming what is missing. */
  function ref(step, query) {
    const found = tool.ref(view, query);
    if (!found) throw new Error(`${tool.name}: ${step}: no ${query.role} ${query.name ?? ''} ${query.value ?? ''} after ${query.from ?? 'the top'} in:\n${view.slice(0, 4000)}`);
    return found;
  }
  const has = (query) => (page) => tool.ref(page, query) !== null;

  const started = performance.now();
  await tool.setup();

  // 1. Open the console: the API's operations appear once its OpenAPI document has loaded.
  const loginOp = { role: 'button', name: /^POST \/auth\/login/ };
  const ordersOp = { role: 'button', name: /^POST \/orders/ };
  await check('open', await tool.navigate('open', app.consoleUrl), has(loginOp), 'POST /auth/login');

  // 2–5. Sign in through the console.
  await check('open login', await tool.click('open login', ref('open login', loginOp), 'POST /auth/login'),
    has({ role: 'button', name: /^Try it out$/, from: 'POST /auth/login' }), 'Try it out');
  await check('try login', await tool.click('try login', ref('try login', { role: 'button', name: /^Try it out$/, from: 'POST /auth/login' }), 'Try it out'),
    (page) => tool.ref(page, { role: 'textbox', value: /username/, from: 'POST /auth/login' }) !== null && tool.ref(page, { role: 'button', name: /^Execute$/, from: 'POST /auth/login' }) !== null,
    'Execute');
  const loginExecute = ref('fill login', { role: 'button', name: /^Execute$/, from: 'POST /auth/login' });
  await tool.fill('fill login', ref('fill login', { role: 'textbox', value: /username/, from: 'POST /auth/login' }), LOGIN_BODY, 'login request body');
  await check('execute login', await tool.click('execute login', loginExecute, 'Execute'),
    (page) => TOKEN.test(after(page, 'POST /auth/login')), 'tok_');
  const token = TOKEN.exec(view)?.[0] ?? '';

  // 6–10. Place an order with the token: the API answers 500.
  await check('open orders', await tool.click('open orders', ref('open orders', ordersOp), 'POST /orders'),
    has({ role: 'button', name: /^Try it out$/, from: 'POST /orders' }), 'Try it out');
  await check('try orders', await tool.click('try orders', ref('try orders', { role: 'button', name: /^Try it out$/, from: 'POST /orders' }), 'Try it out'),
    (page) => tool.ref(page, { role: 'textbox', name: /X-Session-Token/, from: 'POST /orders' }) !== null && tool.ref(page, { role: 'textbox', value: /product_id/, from: 'POST /orders' }) !== null,
    'X-Session-Token');
  const orderExecute = ref('fill token', { role: 'button', name: /^Execute$/, from: 'POST /orders' });
  const bodyBox = ref('fill order', { role: 'textbox', value: /product_id/, from: 'POST /orders' });
  await tool.fill('fill token', ref('fill token', { role: 'textbox', name: /X-Session-Token/, from: 'POST /orders' }), token, 'X-Session-Token');
  await tool.fill('fill order', bodyBox, ORDER_BODY, 'order request body');
  const executeOrder = await tool.click('execute order', orderExecute, 'Execute');
  await check('execute order', executeOrder, (page) => /Server response/.test(after(page, 'POST /orders')), 'Server response');

  // 11–13. Debug: which request failed, what did it answer, what did the console say.
  const evidence = await tool.evidence({ executeOrder, apiUrl: app.apiUrl });
  const wall = performance.now() - started;
  return { wall_ms: Math.round(wall), token_found: TOKEN.test(token), invisible_steps: invisibleSteps, shown_by_action: shownByAction, evidence };
}

/** Whether `text` holds the order's error body (its code). */
export function holdsOrderError(text) {
  return text.includes(ORDER_ERROR.error.code);
}
