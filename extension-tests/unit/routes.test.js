// @ts-check
// The traffic summary's route rule, as the evidence page applies it (the route filter), against
// the table the daemon's summary runs too (schema/fixtures/routes/cases.json,
// actors/src/store/summary.rs).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { route, routeFilter } from '../../extension/evidence/traffic.js';

const table = JSON.parse(readFileSync(new URL('../../schema/fixtures/routes/cases.json', import.meta.url), 'utf8'));

test('each URL has the route the table gives, as the daemon writes it', () => {
  assert.ok(table.cases.length >= 10);
  for (const { case: name, url, route: expected } of table.cases) {
    assert.equal(route(url), expected, `${name}: ${url}`);
    assert.equal(routeFilter(`GET ${expected}`)({ method: 'GET', url }), true, `${name}: the filter finds ${url}`);
    assert.equal(routeFilter(`POST ${expected}`)({ method: 'GET', url }), false, `${name}: another method is another route`);
  }
});
