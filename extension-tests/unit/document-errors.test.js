// @ts-check
// Checking imported files: the validator Ajv compiled from the export document's schema
// (extension/lib/generated/) and the words lib/document-errors.js gives its errors, tested on the
// real fixtures, on targeted corruptions of them, and on small schemas for each keyword.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';

import Ajv2020 from 'ajv/dist/2020.js';

import { MAX_ERRORS, exportDocumentErrors, schemaErrors } from '../../extension/lib/document-errors.js';
import { AJV_OPTIONS } from '../generate/validator.js';
import { makeFullDocument } from '../fixtures/make-full.js';
import { FIXTURE } from './builders.js';

/** The errors of a copy of the fixture after `corrupt` changed it. */
function errorsAfter(/** @type {(doc: any) => void} */ corrupt) {
  const doc = structuredClone(FIXTURE);
  corrupt(doc);
  return exportDocumentErrors(doc);
}

describe('the export document schema', () => {
  it('accepts the real fixture', () => {
    assert.deepEqual(exportDocumentErrors(FIXTURE), []);
  });

  it('accepts a record at every bound, over 2 MB, quickly', () => {
    const full = makeFullDocument(FIXTURE);
    // Past 2 MB: one more large body (the bounds alone make about 1.7 MB).
    full.requests[0].response_body.text += 'x'.repeat(400_000);
    const size = JSON.stringify(full).length;
    assert.ok(size > 2_000_000, `${size} characters`);
    const started = performance.now();
    assert.deepEqual(exportDocumentErrors(full), []);
    const ms = performance.now() - started;
    // A few ms on a laptop; the bound leaves room for a loaded 2-core machine.
    assert.ok(ms < 500, `validating ${size} characters took ${ms.toFixed(0)} ms`);
  });

  it('names a missing required field by its path', () => {
    assert.deepEqual(errorsAfter((d) => { delete d.run; }), ['/run: is required but missing']);
    assert.deepEqual(errorsAfter((d) => { delete d.requests[2].url; }), ['/requests/2/url: is required but missing']);
    assert.deepEqual(errorsAfter((d) => { delete d.run.counters.events_dropped; }), ['/run/counters/events_dropped: is required but missing']);
  });

  it('names a value of the wrong type, with what it got', () => {
    assert.deepEqual(errorsAfter((d) => { d.requests[1].status = '404'; }), ['/requests/1/status: must be an integer or null (got string)']);
    assert.deepEqual(errorsAfter((d) => { d.saved_at = 1.5; }), ['/saved_at: must be an integer (got number)']);
    assert.deepEqual(errorsAfter((d) => { d.console = {}; }), ['/console: must be an array (got object)']);
    assert.deepEqual(errorsAfter((d) => { d.operations[0] = null; }), ['/operations/0: must be an object (got null)']);
    assert.deepEqual(errorsAfter((d) => { d.requests[0].started_at = -1; }), ['/requests/0/started_at: must be at least 0 (got -1)']);
    assert.deepEqual(errorsAfter((d) => { d.requests[0].status = 70000; }), ['/requests/0/status: must be at most 65535 (got 70000)']);
  });

  it('lists every allowed value for an unknown enumeration value', () => {
    assert.deepEqual(errorsAfter((d) => { d.requests[3].state = 'paused'; }),
      ['/requests/3/state: must be one of pending, complete, failed, unfinished (got "paused")']);
    assert.deepEqual(errorsAfter((d) => { d.requests[3].state = 1; }),
      ['/requests/3/state: must be one of pending, complete, failed, unfinished (got 1)']);
    assert.deepEqual(errorsAfter((d) => { d.run.state = 'done'; }),
      ['/run/state: must be one of active, stopped, interrupted (got "done")']);
    assert.deepEqual(errorsAfter((d) => { d.requests[0].response_body.state = 'lost'; }),
      ['/requests/0/response_body/state: must be one of pending, available, empty, truncated, unavailable, omitted, evicted, not_in_event (got "lost")']);
    // An optional reason (anyOf [BodyReason, null]): the reason's values, not "anyOf failed".
    assert.match(errorsAfter((d) => { d.requests[0].response_body.reason = 'gone'; })[0],
      /^\/requests\/0\/response_body\/reason: must be one of binary, multipart, oversized_structured, saturated, .*, null \(got "gone"\)$/);
  });

  it('tells stop reasons apart by their kind', () => {
    assert.deepEqual(errorsAfter((d) => { d.run.stop_reason = { kind: 'actor_panicked' }; }),
      ['/run/stop_reason/actor: is required but missing']);
    assert.match(errorsAfter((d) => { d.run.stop_reason = { kind: 'exploded' }; })[0],
      /^\/run\/stop_reason\/kind: must be one of stopped, stopped_from_extension, session_ended, .*, recovered \(got "exploded"\)$/);
    assert.deepEqual(errorsAfter((d) => { d.run.stop_reason = {}; }), ['/run/stop_reason/kind: is required but missing']);
    assert.deepEqual(errorsAfter((d) => { d.run.stop_reason = 'stopped'; }),
      ['/run/stop_reason: must be an object or null (got string)']);
    assert.deepEqual(errorsAfter((d) => { d.run.stop_reason = null; }), [], 'null is allowed');
  });

  it('refuses a header entry that is not a [name, value] pair', () => {
    assert.deepEqual(errorsAfter((d) => { d.requests[2].request_headers.entries[0].push('extra'); }),
      ['/requests/2/request_headers/entries/0: must have at most 2 items (has 3)']);
    assert.deepEqual(errorsAfter((d) => { d.requests[2].request_headers.entries[0] = ['Accept']; }),
      ['/requests/2/request_headers/entries/0: must have at least 2 items (has 1)']);
    assert.deepEqual(errorsAfter((d) => { d.requests[2].request_headers.entries[0][1] = 5; }),
      ['/requests/2/request_headers/entries/0/1: must be a string (got integer)']);
  });

  it('refuses another version by its version alone', () => {
    assert.deepEqual(exportDocumentErrors({ ...structuredClone(FIXTURE), version: 2 }),
      ['version 2 is not supported (this extension reads version 1)']);
    assert.deepEqual(exportDocumentErrors({ version: 0 }),
      ['version 0 is not supported (this extension reads version 1)'], 'even when nothing else matches');
    assert.deepEqual(errorsAfter((d) => { d.version = '1'; }), ['/version: must be an integer (got string)']);
    assert.deepEqual(errorsAfter((d) => { delete d.version; }), ['/version: is required but missing']);
  });

  it('refuses a file that is not a JSON object', () => {
    assert.deepEqual(exportDocumentErrors([FIXTURE]), ['not an export document: the file holds an array, not a JSON object']);
    assert.deepEqual(exportDocumentErrors(null), ['not an export document: the file holds null, not a JSON object']);
    assert.deepEqual(exportDocumentErrors('text'), ['not an export document: the file holds a string, not a JSON object']);
  });

  it('reports at most the first 10 problems', () => {
    const errors = errorsAfter((d) => { for (const r of d.requests) { r.state = 1; r.method = 2; } });
    assert.equal(MAX_ERRORS, 10);
    assert.equal(errors.length, 10);
    assert.equal(errors[0], '/requests/0/method: must be a string (got integer)');
    assert.equal(errors[1], '/requests/0/state: must be one of pending, complete, failed, unfinished (got 1)');
    assert.ok(errors.every((e) => e.startsWith('/requests/')));
  });

  it('checks a traffic summary’s status classes as counts', () => {
    const full = makeFullDocument(FIXTURE);
    assert.ok(full.summary.routes.length > 0);
    full.summary.routes[0].status['2xx'] = 'many';
    assert.deepEqual(exportDocumentErrors(full), ['/summary/routes/0/status/2xx: must be an integer (got string)']);
  });

  it('accepts fields it does not know: a newer daemon may add some', () => {
    assert.deepEqual(errorsAfter((d) => { d.run.new_field = { anything: true }; d.requests[0].later = 1; }), []);
  });
});

describe('the words for Ajv’s errors, on small schemas', () => {
  const errors = (/** @type {any} */ schema, /** @type {unknown} */ value) => {
    // Not strict: these schemas are shorter than schemars writes them (no `type` beside
    // `properties`, for one); the generation itself is strict.
    const { code: _, ...options } = AJV_OPTIONS;
    return schemaErrors(/** @type {any} */ (new Ajv2020.default({ ...options, strict: false }).compile(schema)), value);
  };

  it('checks type lists, integers within numbers, and null', () => {
    assert.deepEqual(errors({ type: ['string', 'null'] }, null), []);
    assert.deepEqual(errors({ type: ['string', 'null'] }, 3), ['/: must be a string or null (got integer)']);
    assert.deepEqual(errors({ type: 'number' }, 3), [], 'an integer is a number');
    assert.deepEqual(errors({ type: 'integer' }, 3.5), ['/: must be an integer (got number)']);
    assert.deepEqual(errors({ type: ['integer', 'boolean', 'null'] }, 'x'), ['/: must be an integer, a boolean or null (got string)']);
  });

  it('checks const and enum', () => {
    assert.deepEqual(errors({ const: 'a' }, 'a'), []);
    assert.deepEqual(errors({ const: 'a' }, 'b'), ['/: must be "a" (got "b")']);
    assert.deepEqual(errors({ enum: ['a', 1, null] }, 2), ['/: must be one of a, 1, null (got 2)']);
  });

  it('tells oneOf (exactly one) from anyOf (at least one)', () => {
    const overlapping = [{ type: 'integer' }, { type: 'number', minimum: 0 }];
    assert.deepEqual(errors({ anyOf: overlapping }, 3), []);
    assert.deepEqual(errors({ oneOf: overlapping }, 3), ['/: matches more than one of the allowed alternatives']);
    assert.deepEqual(errors({ oneOf: overlapping }, 2.5), []);
    assert.deepEqual(errors({ oneOf: overlapping }, 'x'), ['/: must be an integer or a number (got string)']);
  });

  it('checks prefixItems, items after them, and item counts', () => {
    const tuple = { type: 'array', prefixItems: [{ type: 'string' }], items: { type: 'integer' }, minItems: 1, maxItems: 3 };
    assert.deepEqual(errors(tuple, ['a', 1, 2]), []);
    assert.deepEqual(errors(tuple, ['a', 'b']), ['/1: must be an integer (got string)']);
    assert.deepEqual(errors(tuple, []), ['/: must have at least 1 items (has 0)']);
    assert.deepEqual(errors(tuple, ['a', 1, 2, 3]), ['/: must have at most 3 items (has 4)']);
  });

  it('checks properties not named in properties against additionalProperties', () => {
    const counts = { type: 'object', properties: { total: { type: 'integer' } }, additionalProperties: { type: 'integer', minimum: 0 } };
    assert.deepEqual(errors(counts, { total: 3, '2xx': 2, '4xx': 1 }), []);
    assert.deepEqual(errors(counts, { total: 3, '2xx': -1, '5xx': 'x' }),
      ['/2xx: must be at least 0 (got -1)', '/5xx: must be an integer (got string)']);
    assert.deepEqual(errors({ properties: { a: {} }, additionalProperties: false }, { a: 1, b: 2 }), ['/b: no value is allowed here']);
    assert.deepEqual(errors({ properties: { a: {} } }, { a: 1, b: 2 }), [], 'without the keyword, other properties are allowed');
  });

  it('accepts anything for an empty schema or true, nothing for false', () => {
    assert.deepEqual(errors({ properties: { x: {}, y: true } }, { x: [1, { a: null }], y: 'z' }), []);
    assert.deepEqual(errors({ properties: { x: false } }, { x: 1 }), ['/x: no value is allowed here']);
  });

  it('follows $ref to $defs, including a recursive one', () => {
    const tree = {
      $ref: '#/$defs/Node',
      $defs: { Node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/Node' } }, n: { type: 'integer' } }, required: ['n'] } },
    };
    assert.deepEqual(errors(tree, { n: 1, children: [{ n: 2, children: [] }] }), []);
    assert.deepEqual(errors(tree, { n: 1, children: [{ n: 2, children: [{}] }] }), ['/children/0/children/0/n: is required but missing']);
  });

  it('escapes JSON pointer segments', () => {
    assert.deepEqual(errors({ required: ['a/b'] }, {}), ['/a~1b: is required but missing']);
    assert.deepEqual(errors({ properties: { 'c~d': { type: 'string' } } }, { 'c~d': 1 }), ['/c~0d: must be a string (got integer)']);
  });

  it('tells apart objects by a constant kind, and says which kinds exist', () => {
    const reason = {
      oneOf: [
        { type: 'object', properties: { kind: { const: 'a' } }, required: ['kind'] },
        { type: 'object', properties: { kind: { const: 'b' }, actor: { type: 'string' } }, required: ['kind', 'actor'] },
      ],
    };
    assert.deepEqual(errors(reason, { kind: 'b' }), ['/actor: is required but missing']);
    assert.deepEqual(errors(reason, { kind: 'b', actor: 1 }), ['/actor: must be a string (got integer)']);
    assert.deepEqual(errors(reason, { kind: 'c' }), ['/kind: must be one of a, b (got "c")']);
    assert.deepEqual(errors(reason, {}), ['/kind: is required but missing']);
  });

  it('skips annotations', () => {
    const annotated = { $schema: 'https://json-schema.org/draft/2020-12/schema', title: 't', description: 'd', type: 'integer', format: 'uint64', default: 0, examples: [1] };
    assert.deepEqual(errors(annotated, 5), []);
  });
});
