// @ts-check
// The fixture table shared with bsk's Rust tests (`schema/fixtures/`, read by
// `actors/tests/fixtures.rs`): the extension's HAR writer and in-record search must give, for each
// record, exactly what the Rust HAR export and `bsk debug search` give. The expected outputs are
// written by the Rust side (`BSK_UPDATE_FIXTURES=1 cargo test -p bsk-actors --test fixtures`).
// The evidence windows' table (windows/cases.json) states the spec and is written by hand: the
// evidence page must place and fold each request and console entry as the daemon's store does.

import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, test } from 'node:test';

import { harFromRecord } from '../../extension/lib/har.js';
import { searchRecord } from '../../extension/lib/search.js';
import { isFolded } from '../../extension/evidence/traffic.js';
import { placeEvidence } from '../../extension/evidence/windows.js';

const FIXTURES = new URL('../../schema/fixtures/', import.meta.url);

/** @param {string} path */
const readJson = (path) => JSON.parse(readFileSync(new URL(path, FIXTURES), 'utf8'));

const RECORDS = readdirSync(new URL('records/', FIXTURES)).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort();

describe('harFromRecord writes the HAR the Rust export writes', () => {
  test('there are fixture records', () => assert.ok(RECORDS.length >= 2, RECORDS.join(', ')));
  for (const name of RECORDS) {
    test(name, () => {
      const har = harFromRecord(readJson(`records/${name}.json`), { creatorVersion: 'fixture' });
      // Through JSON, as a file would carry it (the Rust side writes `0.0` where JavaScript has 0).
      assert.deepStrictEqual(JSON.parse(JSON.stringify(har)), readJson(`har/${name}.har.json`));
    });
  }
});

describe('searchRecord finds what `bsk debug search` finds', () => {
  /** @type {{ record: string, query: string, regex?: boolean, scopes?: any[], items: unknown[] }[]} */
  const cases = readJson('search/cases.json');
  test('the table has cases with and without results', () => {
    assert.ok(cases.some((c) => c.items.length > 0) && cases.some((c) => c.items.length === 0));
  });
  for (const [i, c] of cases.entries()) {
    test(`#${i} ${c.record}: ${JSON.stringify(c.query)}${c.regex ? ' (regex)' : ''}${c.scopes ? ` in ${c.scopes.join(',')}` : ''}`, () => {
      const { items } = searchRecord(readJson(`records/${c.record}.json`), c.query, { regex: c.regex ?? false, scopes: c.scopes ?? [] });
      assert.deepStrictEqual(items, c.items);
    });
  }

  test('an empty or invalid query says why', () => {
    const record = readJson(`records/${RECORDS[0]}.json`);
    assert.throws(() => searchRecord(record, ''), /empty/);
    assert.throws(() => searchRecord(record, '(', { regex: true }), /not a valid regular expression/);
    assert.throws(() => searchRecord(record, 'x'.repeat(1025)), /longer than 1024/);
  });
});

describe('placeEvidence places and folds what the daemon’s windows hold', () => {
  /** @type {{ cases: { name: string, stopped_at: number | null, now: number, operations: any[], requests: any[], console: any[], windows: unknown[] }[] }} */
  const { cases } = readJson('windows/cases.json');
  test('the table has cases', () => assert.ok(cases.length >= 5));
  for (const c of cases) {
    test(c.name, () => {
      // The smallest document placeEvidence reads: a record read at `now`.
      const doc = /** @type {any} */ ({ saved_at: c.now, run: { stopped_at: c.stopped_at }, operations: c.operations, requests: c.requests, console: c.console });
      const placed = placeEvidence(doc);
      const ids = (/** @type {{ id: string }[]} */ items) => items.map((item) => item.id);
      const part = (/** @type {number} */ from, /** @type {number} */ until, /** @type {any[]} */ requests, /** @type {any[]} */ entries) => ({
        from, until,
        requests: ids(requests.filter((r) => !isFolded(r))),
        folded: ids(requests.filter(isFolded)),
        console: ids(entries),
      });
      const windows = c.operations.map((op) => {
        const { window, requests, console } = /** @type {NonNullable<ReturnType<typeof placed.get>>} */ (placed.get(op.id));
        return {
          operation: op.id,
          immediate: part(window.start, window.immediateEnd, requests.immediate, console.immediate),
          possibly_related: part(window.immediateEnd, window.relatedEnd, requests.related, console.related),
        };
      });
      assert.deepStrictEqual(windows, c.windows);
    });
  }
});
