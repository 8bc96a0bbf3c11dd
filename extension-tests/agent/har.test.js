// @ts-check
// `bsk debug export --format har` end to end: the real `bsk` binary launches its own Chromium,
// captures a small site served here (a redirect chain, a CORS preflight, a form POST, a PNG, a
// refused connection, a secret in a header and a query), and the HAR it prints is checked three
// ways: against the HAR 1.2 JSON Schema (`har-schema`, with ajv), by Chromium's own DevTools HAR
// importer (`models/har/Importer`, the code behind the Network panel's "Import HAR file"), and
// by what it says about each request.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { chromium } from 'playwright-core';
import { CHROMIUM, bsk, bskJson, stateDir, waitFor } from '../e2e/daemon-harness.js';

const require = createRequire(import.meta.url);

/** A real 1×1 PNG, served as /pixel.png; its bytes must survive the HAR or be said to be omitted. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** Secrets the page sends; neither may appear anywhere in the HAR. */
const SECRET = 'sk-test-secret-123';
const TOKEN = 'tok-test-456';

/** @type {Awaited<ReturnType<typeof serveSites>>} */
let sites;
before(async () => { sites = await serveSites(); });
after(async () => { await sites.close(); });

describe('bsk debug export --format har', () => {
  /** The parsed HAR of one capture, shared by the tests below. */
  let har;
  /** The HAR as bsk printed it. */
  let harText = '';
  /** The capture's run id. */
  let runId = '';
  /** @type {Record<string, string>} the URLs the site was driven through */
  let urls;
  /** @type {Record<string, string>} the ids of the operations that made the traffic, by step */
  let ops;

  before(async () => {
    const { app, api, refusedPort } = sites;
    urls = {
      hop1: `${app}/hop1`, hop2: `${app}/hop2`, final: `${app}/final`, page: `${app}/app`,
      png: `${app}/pixel.png`, put: `${api}/api/items/1`, me: `${app}/api/me`,
      refused: `http://127.0.0.1:${refusedPort}/nothing`, submit: `${app}/submit`,
    };
    const home = stateDir();
    try {
      // 1. A session (bsk launches its own headless Chromium) and a capture on its tab.
      const session = await bsk(home, 'session', 'start', '--name', 'HAR export');
      runId = await bsk(home, 'debug', 'start', '--session', session, '--name', 'HAR', '--quiet');

      // 2. The traffic: two redirects, the app page with its <img>, a cross-origin PUT with a
      // custom header (so a preflight), a request carrying secrets, a refused connection, and
      // last (it leaves the page) a form POST by a real click.
      await bsk(home, 'navigate', urls.hop1, '--session', session);
      await bsk(home, 'navigate', urls.page, '--session', session);
      const put = await bskJson(home, 'evaluate', 'bskTest.put()', '--session', session);
      assert.deepEqual(put.value, { saved: true, item: { name: 'Ada', plan: 'pro' } });
      const me = await bskJson(home, 'evaluate', `bskTest.me(${JSON.stringify(SECRET)}, ${JSON.stringify(TOKEN)})`, '--session', session);
      assert.deepEqual(me.value, { user: 'ada' });
      const refused = await bskJson(home, 'evaluate', 'bskTest.refused()', '--session', session);
      assert.equal(refused.value, 'TypeError', 'the fetch to a closed port fails');
      await bsk(home, 'click', '#send', '--session', session);

      // 3. Wait until every request is recorded with a final state, then stop and export.
      await waitFor('every request to be recorded with its final state', async () => {
        const { items } = await bskJson(home, 'debug', 'requests', '--all', '--limit', '100', '--session', session);
        const done = (/** @type {string} */ prefix, /** @type {string} */ method, /** @type {string} */ state) =>
          items.some((/** @type {any} */ r) => r.url.startsWith(prefix) && r.method === method && r.state === state);
        return [urls.hop1, urls.hop2, urls.final, urls.page, urls.png, urls.me, urls.submit].every((u) =>
          done(u, u === urls.submit ? 'POST' : 'GET', 'complete'))
          && done(urls.put, 'OPTIONS', 'complete') && done(urls.put, 'PUT', 'complete')
          && done(urls.refused, 'GET', 'failed');
      }, 20_000);
      await bsk(home, 'debug', 'stop', '--session', session, '--quiet');
      const { items: operations } = await bskJson(home, 'debug', 'operations', '--limit', '100', '--session', session);
      const steps = ['redirects', 'app', 'put', 'me', 'refused', 'submit'];
      assert.deepEqual(operations.map((/** @type {any} */ o) => o.name), ['navigate', 'navigate', 'evaluate', 'evaluate', 'evaluate', 'click']);
      ops = Object.fromEntries(steps.map((step, i) => [step, operations[i].id]));
      harText = await bsk(home, 'debug', 'export', '--format', 'har', '--session', session);
      har = JSON.parse(harText);
    } finally {
      await bsk(home, 'daemon', 'stop').catch(() => {});
    }
  });

  test('is valid against the HAR 1.2 JSON Schema (har-schema)', () => {
    const errors = harSchemaErrors(har);
    assert.deepEqual(errors, [], `schema errors:\n${JSON.stringify(errors, null, 2)}`);
  });

  test("is read by Chromium's own DevTools HAR importer, one request per entry", async () => {
    const imported = await importWithDevTools(har);
    const expected = har.log.entries.map((/** @type {any} */ e) => `${e.request.method} ${e.request.url} ${e.response.status}`);
    const got = imported.map((r) => `${r.method} ${r.url} ${r.status}`);
    // The importer sorts entries by startedDateTime, so compare them as sets.
    assert.deepEqual([...got].sort(), [...expected].sort());
    // It understands bsk's DevTools-style custom fields `_resourceType` and `_initiator`: what it
    // shows for each request is what bsk recorded, not its own guess.
    const misread = har.log.entries.flatMap((/** @type {any} */ entry) => {
      const request = imported.find((r) => r.method === entry.request.method && r.url === entry.request.url);
      const where = `${entry.request.method} ${entry.request.url}`;
      return [
        ...(request?.resourceType === entry._resourceType ? [] : [`${where}: _resourceType ${entry._resourceType} imported as ${request?.resourceType}`]),
        ...(request?.initiatorType === entry._initiator?.type ? [] : [`${where}: _initiator.type ${entry._initiator?.type} imported as ${request?.initiatorType}`]),
      ];
    });
    assert.deepEqual(misread, []);
    const png = imported.find((r) => r.url === urls.png);
    assert.equal(png?.mimeType, 'image/png');
    assert.equal(png?.resourceType, 'image');
    assert.equal(imported.find((r) => r.method === 'POST')?.formData, 'name=Ada&plan=pro');
  });

  test('sizes are filled, and DevTools shows them instead of 0 kB', async () => {
    const where = (/** @type {any} */ e) => `${e.request.method} ${e.request.url}`;
    const answered = har.log.entries.filter((/** @type {any} */ e) => e.response.status > 0);
    for (const entry of answered) {
      const r = entry.response;
      assert.ok(Number.isInteger(r._transferSize) && r._transferSize > 0, `${where(entry)}: _transferSize ${r._transferSize}`);
      assert.ok(r.headersSize > 0, `${where(entry)}: headersSize ${r.headersSize}`);
      assert.equal(r.bodySize, r._transferSize - r.headersSize, `${where(entry)}: bodySize is what came after the headers`);
    }
    // The PNG's bytes on the wire are its body: nothing encoded, nothing else.
    const png = only(har, 'GET', urls.png);
    assert.equal(png.response.bodySize, PNG.length, 'the PNG body on the wire');
    // A 204 preflight and the redirect hops carry no body.
    assert.equal(only(har, 'OPTIONS', urls.put).response.bodySize, 0);
    assert.equal(only(har, 'GET', urls.hop1).response.bodySize, 0);
    // A refused connection received nothing that was counted.
    const refused = only(har, 'GET', urls.refused).response;
    assert.deepEqual([refused.headersSize, refused.bodySize, refused._transferSize], [-1, -1, undefined]);

    const imported = await importWithDevTools(har);
    for (const entry of answered) {
      const request = imported.find((r) => r.method === entry.request.method && r.url === entry.request.url);
      assert.equal(request?.transferSize, entry.response._transferSize, `${where(entry)}: DevTools' transfer size`);
    }
    const page = imported.find((r) => r.url === urls.page);
    assert.ok((page?.resourceSize ?? 0) > 0, `the app page has a size in DevTools: ${JSON.stringify(page)}`);
  });

  test('says who made it, and which pages there were', () => {
    assert.equal(har.log.version, '1.2');
    assert.equal(har.log.creator.name, 'bsk');
    assert.ok(har.log.pages.length >= 3, 'the pages after the redirects, the app and the form POST');
    for (const page of har.log.pages) {
      assert.equal(typeof page.pageTimings?.onLoad, 'number', `page ${page.id} has pageTimings: ${JSON.stringify(page)}`);
    }
    const pageIds = new Set(har.log.pages.map((/** @type {any} */ p) => p.id));
    for (const entry of har.log.entries) {
      if (entry.pageref !== undefined) assert.ok(pageIds.has(entry.pageref), `${entry.request.url}: pageref ${entry.pageref} is a page`);
    }
  });

  test('every entry carries its run-qualified id and bsk fields, and consistent timings', () => {
    const ids = new Set();
    for (const entry of har.log.entries) {
      const where = `${entry.request.method} ${entry.request.url}`;
      assert.match(entry._id, /^run-[^/]+\/r\d+$/, `${where}: _id`);
      assert.equal(entry._id.split('/')[0], runId, `${where}: _id names the capture`);
      assert.ok(!ids.has(entry._id), `${where}: _id ${entry._id} is unique`);
      ids.add(entry._id);
      assert.equal(typeof entry._target, 'string', `${where}: _target`);
      // Chromium gives a CORS preflight no frame; every other request has one.
      if (entry.request.method !== 'OPTIONS') assert.equal(typeof entry._frame, 'string', `${where}: _frame`);
      assert.ok('_initiator' in entry, `${where}: _initiator`);
      assert.equal(typeof entry._resourceType, 'string', `${where}: _resourceType`);
      assert.equal(typeof entry._fromCache, 'boolean', `${where}: _fromCache`);
      assert.equal(typeof entry._fromServiceWorker, 'boolean', `${where}: _fromServiceWorker`);
      assert.ok(Array.isArray(entry._operations), `${where}: _operations`);
      assert.equal(typeof entry._requestBody?.state, 'string', `${where}: _requestBody.state`);
      assert.equal(typeof entry._responseBody?.state, 'string', `${where}: _responseBody.state`);

      const t = entry.timings;
      for (const phase of ['send', 'wait', 'receive']) assert.ok(t[phase] >= 0, `${where}: timings.${phase} = ${t[phase]}`);
      for (const phase of ['blocked', 'dns', 'connect', 'ssl']) {
        if (t[phase] !== undefined) assert.ok(t[phase] === -1 || t[phase] >= 0, `${where}: timings.${phase} = ${t[phase]}`);
      }
      if (t.ssl >= 0) assert.ok(t.connect >= t.ssl, `${where}: connect includes ssl`);
      // HAR 1.2: `time` is the sum of the timings that are not -1; ssl is already inside connect.
      const sum = ['blocked', 'dns', 'connect', 'send', 'wait', 'receive']
        .map((phase) => t[phase] ?? -1).filter((ms) => ms >= 0).reduce((a, b) => a + b, 0);
      assert.ok(Math.abs(entry.time - sum) <= 1, `${where}: time ${entry.time} is the sum of its timings ${sum} (${JSON.stringify(t)})`);
    }
    // Each request is in the window of the operation that caused it.
    const heldBy = (/** @type {string} */ method, /** @type {string} */ url, /** @type {string} */ step) =>
      assert.ok(only(har, method, url)._operations.includes(ops[step]), `${method} ${url} is in ${step} (${ops[step]}): ${JSON.stringify(only(har, method, url)._operations)}`);
    for (const hop of [urls.hop1, urls.hop2, urls.final]) heldBy('GET', hop, 'redirects');
    heldBy('GET', urls.png, 'app');
    heldBy('OPTIONS', urls.put, 'put');
    heldBy('PUT', urls.put, 'put');
    heldBy('GET', urls.refused, 'refused');
    heldBy('POST', urls.submit, 'submit');
  });

  test('each redirect hop is its own entry, pointing at the next', () => {
    const hops = [urls.hop1, urls.hop2, urls.final].map((url) => only(har, 'GET', url));
    for (const [i, hop] of hops.slice(0, -1).entries()) {
      assert.equal(hop.response.status, 302, `${hop.request.url} is a 302`);
      // /hop1 redirects with an absolute Location, /hop2 with a relative one (as the server sent it).
      assert.equal(new URL(hop.response.redirectURL, hop.request.url).href, hops[i + 1].request.url, `${hop.request.url} redirects to the next hop`);
    }
    assert.equal(hops[2].response.status, 200);
    assert.equal(hops[2].response.redirectURL, '');
    assert.deepEqual(hops.map((hop) => hop._redirectFrom), [undefined, hops[0]._id, hops[1]._id], 'each hop names the one before');
  });

  test('the CORS preflight is its own entry, answered before its PUT', () => {
    const preflight = only(har, 'OPTIONS', urls.put);
    const put = only(har, 'PUT', urls.put);
    assert.equal(preflight.response.status, 204);
    assert.equal(preflight._initiator?.type, 'preflight');
    assert.equal(header(preflight.request.headers, 'access-control-request-method'), 'PUT');
    assert.match(header(preflight.request.headers, 'access-control-request-headers') ?? '', /x-bsk-test/);
    assert.equal(header(preflight.response.headers, 'access-control-allow-origin'), sites.app);
    // Chromium announces the PUT first, then sends the preflight. Their ends are not compared:
    // each entry's timings count from its own ResourceTiming base, and a preflight's end read
    // through them moved a few milliseconds either side of the PUT's from run to run.
    assert.ok(Date.parse(put.startedDateTime) <= Date.parse(preflight.startedDateTime), 'the PUT is announced first');
    assert.equal(put.response.status, 200, 'the PUT went through once its preflight was answered');
    assert.equal(put.response.status, 200);
    assert.equal(header(put.request.headers, 'x-bsk-test'), '1');
    assert.equal(put.request.postData?.mimeType, 'application/json');
    assert.deepEqual(JSON.parse(put.request.postData?.text), { name: 'Ada', plan: 'pro' });
    // DevTools' resource type names (what its HAR writer puts in `_resourceType` and its importer reads).
    assert.equal(preflight._resourceType, 'preflight');
    assert.equal(put._resourceType, 'fetch');
  });

  test('the form POST keeps its fields', () => {
    const post = only(har, 'POST', urls.submit);
    assert.equal(post.response.status, 200);
    assert.match(post.request.postData?.mimeType ?? '', /^application\/x-www-form-urlencoded/);
    assert.equal(post.request.postData?.text, 'name=Ada&plan=pro');
    assert.deepEqual(post.request.postData?.params, [{ name: 'name', value: 'Ada' }, { name: 'plan', value: 'pro' }]);
  });

  test('the PNG is an image/png entry, identified by size, digest and type without its bytes', () => {
    const png = only(har, 'GET', urls.png);
    assert.equal(png.response.status, 200);
    assert.equal(png.response.content.mimeType, 'image/png');
    // bsk keeps no byte of a binary body: no `text`, and the entry says why and what it was.
    assert.equal(png.response.content.text, undefined);
    assert.deepEqual(png._responseBody, {
      state: 'omitted',
      reason: 'binary',
      binary: {
        bytes: PNG.length,
        sha256: createHash('sha256').update(PNG).digest('hex'),
        sniffed_type: 'image/png',
      },
    });
    // Omitted or not, the body had PNG.length bytes: HAR's content.size is its length, not 0.
    assert.equal(png.response.content.size, PNG.length, 'content.size is the body\'s length');
    assert.equal(png._resourceType, 'image');
  });

  test('the refused connection is an entry with status 0 and its network error', () => {
    const refused = only(har, 'GET', urls.refused);
    assert.equal(refused.response.status, 0);
    assert.match(refused.response._error, /ERR_CONNECTION_REFUSED/);
  });

  test('secrets in headers and queries are redacted everywhere', () => {
    assert.ok(!harText.includes(SECRET), `${SECRET} is not in the HAR`);
    assert.ok(!harText.includes(TOKEN), `${TOKEN} is not in the HAR`);
    // The request is still there, its secrets replaced.
    const me = har.log.entries.find((/** @type {any} */ e) => e.request.url.startsWith(`${urls.me}?`));
    assert.ok(me, 'the request with secrets is an entry');
    assert.equal(me.response.status, 200);
    assert.match(header(me.request.headers, 'authorization') ?? '', /^Bearer \S+$/);
    assert.ok(me.request.queryString.some((/** @type {any} */ q) => q.name === 'token'), 'the token parameter is listed, redacted');
  });
});

// Helpers.

/**
 * The one entry for `method url`.
 * @param {any} har
 * @param {string} method
 * @param {string} url
 */
function only(har, method, url) {
  const found = har.log.entries.filter((/** @type {any} */ e) => e.request.method === method && e.request.url === url);
  assert.equal(found.length, 1, `one entry for ${method} ${url}; entries:\n${har.log.entries.map((/** @type {any} */ e) => `  ${e.request.method} ${e.request.url}`).join('\n')}`);
  return found[0];
}

/**
 * A header's value, by case-insensitive name.
 * @param {{ name: string, value: string }[]} headers
 * @param {string} name
 */
function header(headers, name) {
  return headers.find((h) => h.name.toLowerCase() === name)?.value;
}

/**
 * Validates `har` against har-schema's `har` schema (draft-06, every referenced schema added).
 * @param {unknown} har
 * @returns {import('ajv').ErrorObject[]}
 */
function harSchemaErrors(har) {
  // har-schema is draft-06 and uses a few non-standard keywords (`optional`, `min`, `unique`):
  // ajv 8 needs the draft-06 meta-schema and strict off; ajv-formats checks date-time and ipv4/6.
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json'));
  const schemas = require('har-schema');
  for (const schema of Object.values(schemas)) ajv.addSchema(schema);
  const validate = ajv.getSchema('har.json#');
  assert.ok(validate, 'the har schema compiles');
  return validate(har) ? [] : [...(validate.errors ?? [])];
}

/**
 * Runs Chromium's own DevTools HAR importer (`models/har/Importer`, what the Network panel's
 * "Import HAR file" uses) on `har`, inside DevTools' front-end page, and returns what it made of
 * each entry. Throws whatever the importer throws.
 * @param {unknown} har
 */
async function importWithDevTools(har) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.enable');
    const loaded = new Promise((resolve) => cdp.once('Page.loadEventFired', resolve));
    // playwright's page.goto refuses devtools:// URLs; CDP navigates there.
    await cdp.send('Page.navigate', { url: 'devtools://devtools/bundled/devtools_app.html' });
    await loaded;
    return await page.evaluate(async (har) => {
      // @ts-ignore a module of DevTools' front end, there only
      const HAR = await import('devtools://devtools/bundled/models/har/har.js');
      const root = new HAR.HARFormat.HARRoot(har);
      const requests = HAR.Importer.Importer.requestsFromHARLog(root.log);
      return Promise.all(requests.map(async (/** @type {any} */ r) => ({
        url: r.url(),
        method: r.requestMethod,
        status: r.statusCode,
        mimeType: r.mimeType,
        resourceType: r.resourceType().name(),
        initiatorType: r.initiator()?.type ?? null,
        formData: await r.requestFormData(),
        transferSize: r.transferSize,
        resourceSize: r.resourceSize,
      })));
    }, har);
  } finally {
    await browser.close();
  }
}

/**
 * A free port on 127.0.0.1 with nothing listening on it: bound, then closed.
 * @returns {Promise<number>}
 */
async function closedPort() {
  const server = http.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(null)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Reads a request's body.
 * @param {http.IncomingMessage} req
 * @returns {Promise<string>}
 */
async function body(req) {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

/**
 * Two servers on 127.0.0.1, so one is cross-origin to the other: `app` serves the pages, the
 * redirects, the PNG, an API that wants a bearer token and the form's target; `api` answers a
 * CORS preflight and the PUT behind it. `refusedPort` has nothing listening.
 */
async function serveSites() {
  /** @type {string} */
  let app = '';
  /** @type {string} */
  let api = '';
  const refusedPort = await closedPort();
  const appServer = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', app);
    const html = (/** @type {string} */ text) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(text);
    };
    switch (`${req.method} ${url.pathname}`) {
      case 'GET /hop1':
        res.writeHead(302, { location: `${app}/hop2` });
        return res.end();
      case 'GET /hop2':
        res.writeHead(302, { location: '/final' });
        return res.end();
      case 'GET /final':
        return html('<!doctype html><title>Final</title><h1>After two redirects</h1>');
      case 'GET /app':
        return html(`<!doctype html><title>App</title>
<h1>App</h1>
<img id="pixel" src="/pixel.png" width="1" height="1" alt="">
<form id="signup" method="post" action="/submit">
  <input name="name" value="Ada"><input name="plan" value="pro">
  <button id="send" type="submit">Send</button>
</form>
<script>
window.bskTest = {
  put: () => fetch('${api}/api/items/1', {
    method: 'PUT', headers: { 'content-type': 'application/json', 'X-Bsk-Test': '1' },
    body: JSON.stringify({ name: 'Ada', plan: 'pro' }),
  }).then((r) => r.json()),
  me: (secret, token) => fetch('/api/me?token=' + encodeURIComponent(token), {
    headers: { authorization: 'Bearer ' + secret },
  }).then((r) => r.json()),
  refused: () => fetch('http://127.0.0.1:${refusedPort}/nothing').then(() => 'reached', (e) => e.name),
};
</script>`);
      case 'GET /pixel.png':
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length, 'cache-control': 'no-store' });
        return res.end(PNG);
      case 'GET /api/me': {
        const ok = req.headers.authorization === `Bearer ${SECRET}` && url.searchParams.get('token') === TOKEN;
        res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
        return res.end(JSON.stringify(ok ? { user: 'ada' } : { error: 'unauthorized' }));
      }
      case 'POST /submit': {
        const form = new URLSearchParams(await body(req));
        return html(`<!doctype html><title>Thanks</title><p>Thanks ${form.get('name')}, plan ${form.get('plan')}</p>`);
      }
      default:
        res.writeHead(404, { 'content-type': 'text/plain' });
        return res.end('not found');
    }
  });
  const apiServer = http.createServer(async (req, res) => {
    const cors = {
      'access-control-allow-origin': app,
      'access-control-allow-methods': 'PUT',
      'access-control-allow-headers': 'content-type, x-bsk-test',
      'access-control-max-age': '0',
    };
    if (req.url === '/api/items/1' && req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      return res.end();
    }
    if (req.url === '/api/items/1' && req.method === 'PUT') {
      const item = JSON.parse(await body(req));
      res.writeHead(200, { ...cors, 'content-type': 'application/json' });
      return res.end(JSON.stringify({ saved: true, item }));
    }
    res.writeHead(404, cors);
    return res.end();
  });
  const listen = async (/** @type {http.Server} */ server) => {
    await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(null)));
    return `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
  };
  app = await listen(appServer);
  api = await listen(apiServer);
  return {
    app, api, refusedPort,
    close: async () => {
      await Promise.all([appServer, apiServer].map((s) => new Promise((resolve) => {
        s.closeAllConnections();
        s.close(resolve);
      })));
    },
  };
}
