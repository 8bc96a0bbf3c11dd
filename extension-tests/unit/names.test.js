// @ts-check
// The evidence page names an operation's elements and the emulation in force as the Rust types
// do (`ActedOn::label`, `Emulation::label`, the operation line of `bsk debug operations`): one
// table of inputs and labels (schema/fixtures/names/cases.json), each input a shape the export schema allows.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

import { exportDocumentErrors } from '../../extension/lib/document-errors.js';
import {
  actedOnLabel, agentRefs, elementLabel, emulationLabel, namedByActedOn, operationLabel, underEmulation,
} from '../../extension/evidence/names.js';
import { namedDocument } from '../fixtures/named-ops.js';
import { FIXTURE } from './builders.js';

const TABLE = JSON.parse(readFileSync(new URL('../../schema/fixtures/names/cases.json', import.meta.url), 'utf8'));

describe('an element is named as ActedOn::label names it', () => {
  for (const { case: name, element, label } of TABLE.elements) {
    it(`${name}: ${label}`, () => assert.equal(elementLabel(element), label));
  }
});

describe('an operation is named by what it acted on, as bsk debug operations says it', () => {
  for (const { case: name, operation, label, refs } of TABLE.operations) {
    it(`${name}: ${label}`, () => {
      assert.equal(operationLabel(operation), label);
      assert.equal(actedOnLabel(operation), label === operation.name ? null : label.slice(operation.name.length + 1));
      assert.equal(agentRefs(operation), refs);
    });
  }
});

describe('the emulation in force is named as Emulation::label names it', () => {
  for (const { case: name, emulation, label } of TABLE.emulations) {
    it(`${name}: ${label}`, () => assert.equal(emulationLabel(emulation), label));
  }
});

describe('the table holds what an export document may hold', () => {
  it('every element and emulation of the table validates against the export schema', () => {
    const doc = structuredClone(FIXTURE);
    doc.operations[4].acted_on = TABLE.elements.map((/** @type {any} */ c) => c.element);
    for (const { case: name, emulation } of TABLE.emulations) {
      doc.run.emulation = emulation;
      assert.deepEqual(exportDocumentErrors(doc), [], name);
    }
  });

  it('a record with names and emulation validates, and a broken name is refused by its path', () => {
    const doc = namedDocument(FIXTURE);
    assert.deepEqual(exportDocumentErrors(doc), []);
    delete doc.operations[7].acted_on[1].frame;
    doc.run.emulation.network.latency_ms = '2 s';
    assert.deepEqual(exportDocumentErrors(doc), [
      '/run/emulation/network/latency_ms: must be a number (got string)',
      '/operations/7/acted_on/1/frame: is required but missing',
    ]);
  });
});

describe('what a row shows beside the name', () => {
  it('a target the names stand for is not repeated among the parameters; other values are', () => {
    const drag = { name: 'drag', params: { op: 'drag', source: '@e3', target: '@e5' }, acted_on: TABLE.operations[1].operation.acted_on };
    assert.equal(namedByActedOn(drag, 'source'), true);
    assert.equal(namedByActedOn(drag, 'target'), true);
    const fill = { name: 'fill', params: { op: 'fill', target: '#email', value: '#email' }, acted_on: [{ target: '#email', tag: 'input', frame: 'main frame' }] };
    assert.equal(namedByActedOn(fill, 'target'), true);
    assert.equal(namedByActedOn(fill, 'value'), false, 'a value that happens to equal the ref is still a value');
    // An older record names nothing: its target stays a parameter.
    assert.equal(namedByActedOn({ name: 'click', params: { op: 'click', target: '#save' } }, 'target'), false);
  });

  it('an emulation label reads "under …"; none in force says nothing', () => {
    assert.equal(underEmulation('Offline'), 'under Offline');
    assert.equal(underEmulation(null), null);
    assert.equal(underEmulation(undefined), null);
  });
});
