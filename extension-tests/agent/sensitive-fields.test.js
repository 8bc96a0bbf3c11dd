// @ts-check
// Which form fields are sensitive, as bsk decides it in both of its languages, against a table
// written by hand (schema/fixtures/sensitive-fields/cases.json): each case an <input> with given
// type, autocomplete, name and id attributes, and whether its value may be recorded. The real
// `bsk` launches its own Chromium and captures pages made of the table's fields:
//
// - the page observer's JavaScript (`secret_field_js`, run in the page) decides which fields of
//   a page observation are `omitted`;
// - the Rust rule (`is_secret_field`) decides whether `bsk fill` records the typed value or
//   `[redacted]`.
//
// Each is compared with the table, not with the other, so a change to either rule that the table
// does not make fails here. (Before retention, Rust redacts an observed field again by its
// identity, the name or else the id; so a name the observer's JavaScript wrongly let through
// would be caught there and not show. The table therefore also has secrets that only the
// observer's JavaScript can see: by type, by autocomplete, and by id under a harmless name.)

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { bsk, bskJson, stateDir } from '../e2e/daemon-harness.js';

/**
 * @typedef {{ case: string, type: string, autocomplete: string, name: string, id: string, secret: boolean }} Case
 */

/** @type {{ cases: Case[] }} */
const TABLE = JSON.parse(readFileSync(new URL('../../schema/fixtures/sensitive-fields/cases.json', import.meta.url), 'utf8'));
const CASES = TABLE.cases;

/** Fields in one page observation (spec: up to 16 fields), so one page of cases at a time. */
const PER_PAGE = 16;
/**
 * A conventional field identity, which the observer reports; anything else is not guessed
 * (spec: "Unidentified, duplicate, overly long or custom field identities are not guessed").
 */
const CONVENTIONAL = /^[A-Za-z0-9_.:\-[\]]{1,64}$/;

/** The field's identity as the observer names it: its name, or else its id. */
const identity = (/** @type {Case} */ c) => c.name || c.id;
/** The selector `bsk fill` is given for case `i`. */
const selector = (/** @type {number} */ i) => `[data-case="${i}"]`;
/** The value the page gives case `i`'s field, and the one `bsk fill` types into it. */
const initial = (/** @type {number} */ i) => `page-value-${i}`;
const typed = (/** @type {number} */ i) => `typed-value-${i}`;

/** The cases' indices in pages of at most PER_PAGE. */
const PAGES = Array.from({ length: Math.ceil(CASES.length / PER_PAGE) }, (_, p) =>
  CASES.map((_, i) => i).slice(p * PER_PAGE, (p + 1) * PER_PAGE));

const escape = (/** @type {string} */ s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Page `p`: its cases' inputs, each attribute present only when the case gives it. */
function page(/** @type {number} */ p) {
  const inputs = PAGES[p].map((i) => {
    const c = CASES[i];
    const attributes = [['type', c.type], ['autocomplete', c.autocomplete], ['name', c.name], ['id', c.id]]
      .filter(([, value]) => value !== '')
      .map(([attribute, value]) => ` ${attribute}="${escape(value)}"`)
      .join('');
    return `<p><label>${escape(c.case)} <input data-case="${i}"${attributes} value="${initial(i)}"></label></p>`;
  });
  return `<!doctype html><meta charset="utf-8"><title>Fields ${p}</title>\n${inputs.join('\n')}\n`;
}

describe('sensitive fields: the table, the page observer and bsk fill', () => {
  /** @type {http.Server} */
  let server;
  /** The page observation bsk took when each page loaded, by page. @type {any[]} */
  const observations = [];
  /** The fill operation bsk recorded for each case, by case. @type {any[]} */
  const fills = [];

  before(async () => {
    server = http.createServer((req, res) => {
      const p = Number(/^\/fields\/(\d+)$/.exec(req.url ?? '')?.[1] ?? NaN);
      if (!PAGES[p]) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(p));
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(null)));
    const address = /** @type {import('node:net').AddressInfo} */ (server.address());
    const home = stateDir();
    try {
      const session = await bsk(home, 'session', 'start', '--name', 'sensitive fields');
      await bsk(home, 'debug', 'start', '--session', session, '--name', 'sensitive fields', '--quiet');
      for (const [p, indices] of PAGES.entries()) {
        const url = `http://127.0.0.1:${address.port}/fields/${p}`;
        await bsk(home, 'navigate', url, '--session', session);
        for (const i of indices) {
          // A file input refuses the text; the failed operation still records its parameters.
          await bsk(home, 'fill', selector(i), typed(i), '--session', session).catch((e) => {
            if (CASES[i].type.toLowerCase() !== 'file') throw e;
          });
        }
        // Read after each page: a capture keeps 64 operations, a page makes at most 17.
        const { items } = await bskJson(home, 'debug', 'operations', '--limit', '100', '--session', session);
        const load = items.find((/** @type {any} */ o) => o.name === 'navigate' && o.params.url === url);
        assert.ok(load?.observation, `the navigation to ${url} has its page observation`);
        observations[p] = load.observation;
        for (const i of indices) {
          fills[i] = items.find((/** @type {any} */ o) => o.name === 'fill' && o.params.target === selector(i));
        }
      }
    } finally {
      await bsk(home, 'daemon', 'stop').catch(() => {});
    }
  });

  after(() => new Promise((resolve) => server.close(() => resolve(null))));

  test('the table has both kinds of field, each identity once', () => {
    assert.ok(CASES.length >= 60, `${CASES.length} cases`);
    assert.ok(CASES.filter((c) => c.secret).length >= 20 && CASES.filter((c) => !c.secret).length >= 20);
    const identities = CASES.map(identity);
    assert.deepEqual(identities.filter((id, i) => identities.indexOf(id) !== i), [], 'identities repeat');
    assert.ok(CASES.every((c) => identity(c) !== ''), 'a field without name or id could not be observed');
  });

  test("the page observer's JavaScript omits exactly the table's secret fields, and keeps the others' values", () => {
    /** @type {string[]} */
    const wrong = [];
    let checked = 0;
    for (const [p, indices] of PAGES.entries()) {
      const fields = /** @type {any[]} */ (observations[p].fields);
      const observable = indices.filter((i) => CONVENTIONAL.test(identity(CASES[i])));
      // Every field with a conventional identity is reported, and nothing else is guessed.
      assert.deepEqual(fields.map((f) => f.name), observable.map((i) => identity(CASES[i])), `page ${p}'s fields`);
      for (const i of observable) {
        const c = CASES[i];
        const field = fields.find((f) => f.name === identity(c));
        const omitted = field.omitted === true;
        const value = field.value ?? null;
        const expected = c.secret ? null : initial(i);
        if (omitted !== c.secret || value !== expected) {
          wrong.push(`${c.case} (${JSON.stringify({ type: c.type, autocomplete: c.autocomplete, name: c.name, id: c.id })}): `
            + `the table says ${c.secret ? 'secret' : 'not secret'}, the observer recorded omitted=${omitted} value=${JSON.stringify(value)}`);
        }
        checked++;
      }
    }
    assert.deepEqual(wrong, []);
    assert.ok(checked >= CASES.length - 5, `only ${checked} of ${CASES.length} cases were observable`);
  });

  test("bsk fill records [redacted] for exactly the table's secret fields (the Rust rule), the typed value for the others", () => {
    /** @type {string[]} */
    const wrong = [];
    for (const [i, c] of CASES.entries()) {
      const recorded = fills[i]?.params?.value;
      const expected = c.secret ? '[redacted]' : typed(i);
      if (recorded !== expected) {
        wrong.push(`${c.case} (${JSON.stringify({ type: c.type, autocomplete: c.autocomplete, name: c.name, id: c.id })}): `
          + `the table says ${c.secret ? 'secret' : 'not secret'}, bsk fill recorded ${JSON.stringify(recorded)}`);
      }
    }
    assert.deepEqual(wrong, []);
  });
});
