// bsk against a browser grid, on one machine: two browserless endpoints on 127.0.0.1 (each on
// Debian's Chromium, under the Node 24 that the `node` npm package installs, each with its own
// TOKEN), one bsk daemon attached to both with `--cdp-url`, and a small page served here whose
// requests the server logs. Four sessions capture at once, spread over both browsers, and each
// capture must hold exactly what the server saw for that session. Then one browserless process
// is killed while its sessions' captures run and a request of theirs is in flight: only that
// browser's sessions end, the other two go on capturing. Last, a wrong token is refused with an
// error that names the endpoint and not the token.
//
//   npm ci && node --test grid.test.mjs        (or `make test-grid` from the repository)
//
// BSK_BIN is the bsk binary (default: the repository's target/debug/bsk); BSK_CHROMIUM the
// Chromium browserless launches (default /usr/bin/chromium). On failure the scratch dir, with
// both browserless logs and the daemon's log, is kept and named.

import assert from 'node:assert/strict';
import { execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '../..');
const BSK = process.env.BSK_BIN ?? path.join(REPO, 'target/debug/bsk');
const CHROMIUM = process.env.BSK_CHROMIUM ?? '/usr/bin/chromium';
/** Node 24 from the `node` npm package: browserless 2.42 needs Node 24 or later. */
const NODE24 = path.join(HERE, 'node_modules/node/bin/node');
const BROWSERLESS = path.join(HERE, 'node_modules/@browserless.io/browserless');

/** Every browserless this run started, by the time it was spawned: `after` kills them all. */
const spawned = /** @type {Endpoint[]} */ ([]);

/** Everything this run makes: profiles, logs, state dirs. Removed when the file passes. */
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bsk-grid-'));
process.on('exit', (code) => {
  if (code === 0) fs.rmSync(scratch, { recursive: true, force: true });
  else console.error(`# kept for reading: ${scratch} (browserless logs b1.log, b2.log; the daemon's home/daemon.log)`);
});

describe('bsk on a browser grid (two browserless endpoints)', { timeout: 240_000 }, () => {
  /** @type {Endpoint[]} */
  const endpoints = [];
  /** @type {Awaited<ReturnType<typeof servePage>>} */
  let page;
  /** The daemon's state dir. */
  const home = path.join(scratch, 'home');
  /** The wrong-token daemon's state dir. */
  const wrongHome = path.join(scratch, 'home-wrong-token');
  /** The state dir of a daemon given an http:// endpoint with its token. */
  const httpHome = path.join(scratch, 'home-http');
  /** @type {{ id: string, browser: string, runId?: string }[]} */
  let sessions = [];
  /** `bsk status --json` once b1 was tried again and found down (its reason names the endpoint). */
  let statusWithDown = '';

  before(async () => {
    for (const [what, file] of [['bsk', BSK], ['Chromium', CHROMIUM], ['the npm Node 24 (npm ci)', NODE24], ['browserless (npm ci)', path.join(BROWSERLESS, 'build/index.js')]]) {
      assert.ok(fs.existsSync(file), `${what} is missing: no ${file}`);
    }
    const major = Number(execFileSync(NODE24, ['--version'], { encoding: 'utf8' }).trim().replace(/^v/, '').split('.')[0]);
    assert.ok(major >= 24, `browserless needs Node 24 or later; ${NODE24} is ${major}`);
    const browsers = chromiumForPlaywright();
    const routes = chromiumRoutes();
    endpoints.push(...await Promise.all(['b1', 'b2'].map((name) => startBrowserless(name, { browsers, routes }))));
    page = await servePage();
    await bsk(home, 'daemon', 'start', ...endpoints.flatMap((e) => ['--cdp-url', e.url]));
  });

  after(async () => {
    // Always: the daemons stop (a daemon left running would idle out, but holds its connections),
    // then every browserless process and its Chromium tree is killed by pid, then the server.
    for (const dir of [home, wrongHome, httpHome]) {
      if (!fs.existsSync(path.join(dir, 'daemon.sock'))) continue;
      const pid = await bskJson(dir, 'status').then((s) => s.pid, () => null);
      await bsk(dir, 'daemon', 'stop').catch(() => {});
      if (pid && alive(pid) && commandLine(pid).includes('bsk')) killPid(pid);
    }
    for (const endpoint of spawned) endpoint.kill();
    // Chromium runs in a process group of its own, so a browserless killed first leaves it
    // behind: any process still running from this run's scratch dir is one of ours.
    for (const pid of processesMentioning(scratch)) killPid(pid);
    await page?.close();
  });

  test('four sessions started at once spread over the two endpoints', async () => {
    const started = await Promise.all([1, 2, 3, 4].map((i) => bskJson(home, 'session', 'start', '--name', `grid ${i}`)));
    sessions = started.map((s) => ({ id: s.id, browser: s.browser }));
    const by = (/** @type {string} */ name) => sessions.filter((s) => s.browser === name).map((s) => s.id).sort();
    assert.equal(by('b1').length, 2, `two sessions on b1: ${JSON.stringify(sessions)}`);
    assert.equal(by('b2').length, 2, `two sessions on b2: ${JSON.stringify(sessions)}`);

    const status = await bskJson(home, 'status');
    const browsers = Object.fromEntries(status.browsers.map((/** @type {any} */ b) => [b.name, b]));
    for (const [i, name] of ['b1', 'b2'].entries()) {
      const b = browsers[name];
      assert.equal(b.mode, 'attached', `${name}: ${JSON.stringify(b)}`);
      assert.equal(b.connected, true, `${name} is connected`);
      assert.match(b.product ?? '', /Chrome\/\d+/, `${name} names its product`);
      assert.equal(b.ws_url, endpoints[i].redacted, `${name} is ${endpoints[i].redacted}`);
      assert.deepEqual([...b.sessions].sort(), by(name), `${name}'s sessions`);
      assert.ok(!JSON.stringify(b).includes(endpoints[i].token), `${name}'s status does not show its token`);
    }
  });

  test('four captures at once each hold exactly the requests the server saw for them', async () => {
    await Promise.all(sessions.map(async (s) => {
      const started = await bskJson(home, 'debug', 'start', '--session', s.id, '--name', `grid ${s.id}`);
      s.runId = started.run_id;
      assert.equal(typeof s.runId, 'string', `debug start names its run: ${JSON.stringify(started)}`);
      await bsk(home, 'navigate', page.url(s.id), '--session', s.id);
      await bsk(home, 'wait', '--text', 'all answered', '--session', s.id);
    }));
    for (const s of sessions) {
      const [info] = await bskJson(home, 'debug', 'status', '--session', s.id);
      assert.equal(info.state, 'active', `${s.id}'s capture runs: ${JSON.stringify(info)}`);
    }
    await Promise.all(sessions.map((s) => capturedMatchesServer(home, page, s.id)));
    for (const s of sessions) {
      assert.deepEqual(page.seen(s.id).map((r) => `${r.path} ${r.status}`).sort(), [
        `/s/${s.id}/ 200`,
        `/s/${s.id}/api/a?id=${s.id}-1 200`,
        `/s/${s.id}/api/b?id=${s.id}-2 404`,
      ], `the server saw the page and its two fetches from ${s.id}`);
    }
  });

  test('an endpoint killed mid-capture ends only its own sessions; the others go on capturing', async () => {
    const doomed = sessions.filter((s) => s.browser === 'b1');
    const survivors = sessions.filter((s) => s.browser === 'b2');
    // Each doomed session has a request in flight (the server holds it) when its browser dies.
    const inFlight = doomed.map((s) =>
      bskResult(home, 'evaluate', `fetch('/s/${s.id}/api/slow?id=${s.id}-9').then((r) => r.status)`, '--session', s.id, '--json'));
    await waitFor('the held requests to reach the server', () => doomed.every((s) => page.held(s.id).length > 0), 15_000);

    const killedAt = Date.now();
    endpoints[0].kill();

    // The commands in flight on b1 end with a browser error rather than hang.
    for (const result of await Promise.all(inFlight)) {
      assert.notEqual(result.code, 0, `the evaluate in flight on b1 failed: ${result.stdout}`);
      const error = JSON.parse(result.stdout);
      assert.equal(error.code, 'browser', result.stdout);
      assert.match(error.message, /browser connection closed/, result.stdout);
    }
    const status = await waitFor('the daemon to see b1 gone', async () => {
      const s = await bskJson(home, 'status');
      return s.browsers.find((/** @type {any} */ b) => b.name === 'b1')?.connected === false ? s : null;
    }, 15_000);
    assert.ok(Date.now() - killedAt < 15_000);
    const b1 = status.browsers.find((/** @type {any} */ b) => b.name === 'b1');
    const b2 = status.browsers.find((/** @type {any} */ b) => b.name === 'b2');
    assert.deepEqual(b1.sessions, [], 'b1 has no sessions left');
    assert.equal(b2.connected, true, 'b2 is still connected');
    assert.deepEqual([...b2.sessions].sort(), survivors.map((s) => s.id).sort(), "b2's sessions go on");

    // Only b1's sessions ended, saying why.
    const listed = (await bskJson(home, 'session', 'list')).map((/** @type {any} */ s) => s.id).sort();
    assert.deepEqual(listed, survivors.map((s) => s.id).sort(), 'the sessions left are those on b2');
    for (const s of doomed) {
      const result = await bskResult(home, 'debug', 'status', '--session', s.id, '--json');
      assert.equal(result.code, 3, `debug status of an ended session exits 3 (browser): ${result.stdout}`);
      const error = JSON.parse(result.stdout);
      assert.equal(error.code, 'browser');
      assert.equal(error.message, `session ${s.id} ended: its browser b1 exited or crashed`);
    }
    // The daemon's log says which browser went, and how each of its captures ended: as
    // `browser_disconnected`, its final checkpoint attempted (a grid's browser has no bsk
    // extension, so history says why it kept nothing); no capture on b2 ended.
    await waitFor("daemon.log to say b1's connection ended", () =>
      /browser connection ended browser=b1/.test(fs.readFileSync(path.join(home, 'daemon.log'), 'utf8')), 5_000);
    const ends = await waitFor("daemon.log to say b1's captures ended", () => {
      const lines = fs.readFileSync(path.join(home, 'daemon.log'), 'utf8').split('\n').filter((l) => l.includes('capture ended'));
      return lines.length >= doomed.length ? lines : null;
    }, 10_000);
    for (const s of doomed) {
      const line = ends.find((l) => l.includes(`session=${s.id}`));
      assert.ok(line, `${s.id}'s capture end is logged: ${ends.join('\n')}`);
      assert.match(line, /reason=browser_disconnected/, line);
      assert.match(line, /history=/, line);
    }
    for (const s of survivors) {
      assert.ok(!ends.some((l) => l.includes(`session=${s.id}`)), `${s.id}'s capture did not end: ${ends.join('\n')}`);
    }

    // The sessions on b2 go on: their captures still run and record a new request.
    for (const s of survivors) {
      const [info] = await bskJson(home, 'debug', 'status', '--session', s.id);
      assert.equal(info.state, 'active', `${s.id}'s capture still runs: ${JSON.stringify(info)}`);
      assert.equal(info.stop_reason ?? null, null, `${s.id}'s capture has no stop reason`);
    }
    await Promise.all(survivors.map(async (s) => {
      // The body is read: Chromium reports a fetch finished only once the page consumed it.
      const result = await bskJson(home, 'evaluate', `fetch('/s/${s.id}/api/c?id=${s.id}-3').then(async (r) => (await r.text(), r.status))`, '--session', s.id);
      assert.equal(result.value, 201, `the new request on ${s.id} answered: ${JSON.stringify(result)}`);
      await capturedMatchesServer(home, page, s.id);
      assert.ok(page.seen(s.id).some((r) => r.path === `/s/${s.id}/api/c?id=${s.id}-3` && r.status === 201));
    }));

    // A new session is placed on b1 (it has the fewest), which cannot be reached again: b1 is
    // marked down, with the reason, and the session starts on b2.
    const next = await bskJson(home, 'session', 'start', '--name', 'after the kill');
    assert.equal(next.browser, 'b2', `the new session went to b2: ${JSON.stringify(next)}`);
    statusWithDown = await bsk(home, 'status', '--json');
    const down = JSON.parse(statusWithDown).browsers.find((/** @type {any} */ b) => b.name === 'b1').down;
    assert.match(down ?? '', new RegExp(`127\\.0\\.0\\.1:${endpoints[0].port}`), `b1 is down, naming its endpoint: ${down}`);
    await bsk(home, 'session', 'stop', next.id);
  });

  test('a wrong token is refused with an error naming the endpoint, not the token', async () => {
    const endpoint = endpoints[1];
    const wrong = `wrong${randomBytes(8).toString('hex')}`;
    const url = `ws://127.0.0.1:${endpoint.port}/?token=${wrong}`;
    await bsk(wrongHome, 'daemon', 'start', '--cdp-url', url);
    const result = await bskResult(wrongHome, 'session', 'start', '--json');
    assert.equal(result.code, 3, `a refused endpoint exits 3 (browser): ${result.stdout} ${result.stderr}`);
    const error = JSON.parse(result.stdout);
    assert.equal(error.code, 'browser', result.stdout);
    assert.match(error.message, /401|unauthori[sz]ed/i, `the error says the endpoint refused: ${error.message}`);
    assert.ok(error.message.includes(`127.0.0.1:${endpoint.port}`), `the error names the endpoint: ${error.message}`);
    // The token is a secret: not in the error, the human one, status or the daemon's log.
    const human = await bskResult(wrongHome, 'session', 'start');
    assert.notEqual(human.code, 0);
    const status = await bsk(wrongHome, 'status', '--json');
    const leaks = [];
    for (const [where, text, token] of [
      ['the --json error', result.stdout, wrong],
      ['the error on stderr', human.stderr, wrong],
      ['bsk status --json', status, wrong],
      ['daemon.log', fs.readFileSync(path.join(wrongHome, 'daemon.log'), 'utf8'), wrong],
      // The same holds for the right token of an endpoint that went away (b1, killed above).
      ["bsk status --json's reason b1 is down", statusWithDown, endpoints[0].token],
      ['the grid daemon.log', fs.readFileSync(path.join(home, 'daemon.log'), 'utf8'), endpoints[0].token],
    ].filter(([, text, token]) => text.includes(token))) {
      leaks.push(`${where}: ${text.split('\n').find((l) => l.includes(token))}`);
    }
    assert.deepEqual(leaks, [], `a token shows in:\n${leaks.join('\n')}`);
    // An http:// endpoint with its token: browserless's /json/version answers a WebSocket address
    // without the token, so bsk carries the endpoint's query onto it.
    await bsk(httpHome, 'daemon', 'start', '--cdp-url', `http://127.0.0.1:${endpoint.port}/?token=${endpoint.token}`);
    const viaHttp = await bskJson(httpHome, 'session', 'start');
    assert.equal(viaHttp.browser, 'b1', JSON.stringify(viaHttp));
    await bsk(httpHome, 'session', 'stop', viaHttp.id);
    await bsk(httpHome, 'daemon', 'stop');
    // And the endpoint itself is unharmed: the daemon attached with the right token still uses it.
    const [survivor] = sessions.filter((s) => s.browser === 'b2');
    const [info] = await bskJson(home, 'debug', 'status', '--session', survivor.id);
    assert.equal(info.state, 'active');
  });
});

// ----- browserless --------------------------------------------------------------------------

/**
 * @typedef {{ name: string, port: number, token: string, url: string, redacted: string,
 *   pid: number, log: string, kill: () => void }} Endpoint
 */

/**
 * browserless launches the Chromium Playwright would download (`playwright-core`'s
 * `chromium.executablePath()`, which has no override), under PLAYWRIGHT_BROWSERS_PATH: a scratch
 * folder whose expected executable is a link to Debian's Chromium.
 * @returns {string} the PLAYWRIGHT_BROWSERS_PATH to give browserless
 */
function chromiumForPlaywright() {
  const browsers = path.join(scratch, 'playwright-browsers');
  const expected = execFileSync(NODE24, ['--input-type=module', '-e',
    "import p from 'playwright-core'; process.stdout.write(p.chromium.executablePath())"],
  { cwd: BROWSERLESS, env: { ...process.env, PLAYWRIGHT_BROWSERS_PATH: browsers }, encoding: 'utf8' });
  assert.ok(expected.startsWith(browsers + path.sep), `playwright-core looks for Chromium under PLAYWRIGHT_BROWSERS_PATH: ${expected}`);
  fs.mkdirSync(path.dirname(expected), { recursive: true });
  fs.symlinkSync(CHROMIUM, expected);
  return browsers;
}

/**
 * browserless refuses to start when a route's browser is missing (Chrome, Edge, Firefox,
 * WebKit here); its Chromium image leaves those routes out. ROUTES is a folder with the
 * Chromium and management routes only.
 */
function chromiumRoutes() {
  const routes = path.join(scratch, 'routes');
  fs.mkdirSync(routes);
  for (const kind of ['chromium', 'management']) {
    fs.symlinkSync(path.join(BROWSERLESS, 'build/routes', kind), path.join(routes, kind));
  }
  return routes;
}

/**
 * One browserless on 127.0.0.1, on a free port, with a token of its own.
 * @param {string} name
 * @param {{ browsers: string, routes: string }} dirs
 * @returns {Promise<Endpoint>}
 */
async function startBrowserless(name, { browsers, routes }) {
  const port = await freePort();
  const token = randomBytes(16).toString('hex');
  const dir = path.join(scratch, name);
  for (const sub of ['data', 'downloads', 'tmp']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
  const log = path.join(scratch, `${name}.log`);
  const out = fs.openSync(log, 'a');
  const child = spawn(NODE24, [path.join(BROWSERLESS, 'build/index.js')], {
    // browserless reads node_modules/playwright-core/browsers.json from its working directory.
    cwd: HERE,
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      TMPDIR: path.join(dir, 'tmp'),
      HOST: '127.0.0.1',
      PORT: String(port),
      TOKEN: token,
      ROUTES: routes,
      PLAYWRIGHT_BROWSERS_PATH: browsers,
      DATA_DIR: path.join(dir, 'data'),
      DOWNLOAD_DIR: path.join(dir, 'downloads'),
      // A connection is a job that browserless ends after TIMEOUT ms (30 s by default); bsk
      // holds one connection per browser for as long as the daemon runs. 0: no limit.
      TIMEOUT: '0',
      DEBUG: 'browserless*,-**:trace,-**:verbose',
    },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(`exited (${signal ?? code})`)));
  const endpoint = {
    name, port, token, log,
    pid: /** @type {number} */ (child.pid),
    url: `ws://127.0.0.1:${port}/?token=${token}`,
    redacted: `ws://127.0.0.1:${port}/?token=[redacted]`,
    kill() {
      // Once it has exited its pid may be another process's: what it left is found by `after`.
      if (child.exitCode !== null || child.signalCode !== null) return;
      // Its Chromium runs in a process group of its own and outlives it: the whole tree goes.
      const tree = [endpoint.pid, ...descendants(endpoint.pid)];
      for (const pid of tree) killPid(pid);
    },
  };
  spawned.push(endpoint);
  const ready = waitFor(`browserless ${name} on port ${port}`, async () => {
    const res = await fetch(`http://127.0.0.1:${port}/active?token=${token}`).catch(() => null);
    return res?.status === 204;
  }, 60_000);
  const why = await Promise.race([ready.then(() => null, (e) => e.message), exited]);
  if (why) throw new Error(`browserless ${name} ${why}: ${tail(log)}`);
  return endpoint;
}

// ----- the page the sessions load -----------------------------------------------------------

/**
 * A page at /s/KEY/ that fetches /s/KEY/api/a (200) and /s/KEY/api/b (404), then says "all
 * answered"; /s/KEY/api/c answers 201; /s/KEY/api/slow is held until the server closes. Every
 * request is logged with its answer, by KEY.
 */
async function servePage() {
  /** @type {Map<string, { method: string, path: string, status: number | null }[]>} */
  const log = new Map();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const key = /^\/s\/([^/]+)\//.exec(url.pathname)?.[1] ?? '';
    const entry = { method: req.method ?? 'GET', path: `${url.pathname}${url.search}`, status: /** @type {number | null} */ (null) };
    log.set(key, [...(log.get(key) ?? []), entry]);
    const answer = (/** @type {number} */ status, /** @type {string} */ type, /** @type {string} */ body) => {
      entry.status = status;
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    const rest = url.pathname.slice(`/s/${key}`.length);
    if (key && rest === '/') {
      return answer(200, 'text/html; charset=utf-8', `<!doctype html>
<html><head><title>grid ${key}</title><link rel="icon" href="data:,"></head>
<body><p id="state">loading</p><script>
Promise.all([
  fetch('/s/${key}/api/a?id=${key}-1').then((r) => r.json()),
  fetch('/s/${key}/api/b?id=${key}-2').then((r) => r.json()),
]).then(() => { document.getElementById('state').textContent = 'all answered'; });
</script></body></html>`);
    }
    if (key && rest === '/api/a') return answer(200, 'application/json', JSON.stringify({ ok: true, id: url.searchParams.get('id') }));
    if (key && rest === '/api/b') return answer(404, 'application/json', JSON.stringify({ ok: false, error: { code: 'NOT_HERE' } }));
    if (key && rest === '/api/c') return answer(201, 'application/json', JSON.stringify({ created: url.searchParams.get('id') }));
    if (key && rest === '/api/slow') return; // held: answered by no one
    answer(404, 'text/plain', 'not found');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(null)));
  const origin = `http://127.0.0.1:${/** @type {net.AddressInfo} */ (server.address()).port}`;
  return {
    origin,
    url: (/** @type {string} */ key) => `${origin}/s/${key}/`,
    /** What the server saw for `key`, answered requests only, in arrival order. */
    seen: (/** @type {string} */ key) => (log.get(key) ?? []).filter((r) => r.status !== null),
    /** The requests for `key` the server holds unanswered. */
    held: (/** @type {string} */ key) => (log.get(key) ?? []).filter((r) => r.status === null),
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve(null)); }),
  };
}

/**
 * The session's capture holds exactly the requests the server answered for it: the same
 * methods, URLs and statuses, each once. Polls briefly: a response's last events may reach the
 * capture just after the page used it.
 * @param {string} home
 * @param {Awaited<ReturnType<typeof servePage>>} page
 * @param {string} id the session, whose id is its page's key
 */
async function capturedMatchesServer(home, page, id) {
  const expected = () => page.seen(id).map((r) => `${r.method} ${page.origin}${r.path} ${r.status}`).sort();
  const captured = async () => {
    const out = await bskJson(home, 'debug', 'requests', '--session', id, '--limit', '100');
    assert.ok(out.items.length < 100, 'one page holds them all');
    return out.items
      .filter((/** @type {any} */ r) => r.url.startsWith(page.origin))
      .map((/** @type {any} */ r) => `${r.method} ${r.url} ${r.state === 'complete' ? r.status : r.state}`)
      .sort();
  };
  let last = /** @type {string[]} */ ([]);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    last = await captured();
    if (JSON.stringify(last) === JSON.stringify(expected())) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  assert.deepEqual(last, expected(), `session ${id}: the capture against the server's own log`);
}

// ----- bsk ----------------------------------------------------------------------------------

/** The environment of every bsk command: its own state dir, and no display. */
function bskEnv(/** @type {string} */ home) {
  const { DISPLAY: _d, WAYLAND_DISPLAY: _w, BSK_SESSION: _s, ...rest } = process.env;
  return { ...rest, BSK_HOME: home, BSK_DAEMON_IDLE_SECS: '120' };
}

/**
 * Runs `bsk …`; resolves with its exit code and output, whatever the code.
 * @param {string} home
 * @param {string[]} args
 * @returns {Promise<{ code: number, stdout: string, stderr: string }>}
 */
function bskResult(home, ...args) {
  return new Promise((resolve) => {
    execFile(BSK, args, { env: bskEnv(home), maxBuffer: 64 * 1024 * 1024, timeout: 90_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout: stdout.trim(), stderr: stderr.trim() });
    });
  });
}

/** `bsk …`: stdout, or a rejection naming the command and its error. */
async function bsk(/** @type {string} */ home, /** @type {string[]} */ ...args) {
  const result = await bskResult(home, ...args);
  if (result.code !== 0) throw new Error(`bsk ${args.join(' ')} exited ${result.code}: ${result.stderr || result.stdout}`);
  return result.stdout;
}

/** `bsk … --json`, parsed. */
async function bskJson(/** @type {string} */ home, /** @type {string[]} */ ...args) {
  return JSON.parse(await bsk(home, ...args, '--json'));
}

// ----- processes and waiting ----------------------------------------------------------------

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/** Every process below `root`, from /proc. */
function descendants(/** @type {number} */ root) {
  /** @type {Map<number, number[]>} */
  const children = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch { /* gone */ }
  }
  const found = [];
  const queue = [root];
  while (queue.length) {
    for (const child of children.get(/** @type {number} */ (queue.shift())) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** Processes whose command line names `text` (this run's scratch dir). */
function processesMentioning(/** @type {string} */ text) {
  return fs.readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && Number(entry) !== process.pid)
    .map(Number)
    .filter((pid) => commandLine(pid).includes(text));
}

function commandLine(/** @type {number} */ pid) {
  try { return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'); } catch { return ''; }
}

function killPid(/** @type {number} */ pid) {
  try { process.kill(pid, 'SIGKILL'); } catch { /* already gone */ }
}

function alive(/** @type {number} */ pid) {
  try { process.kill(pid, 0); return true; } catch { return false; }
}

/** The last lines of a log file. */
function tail(/** @type {string} */ file) {
  try { return fs.readFileSync(file, 'utf8').split('\n').slice(-25).join('\n'); } catch { return '(no log)'; }
}

/**
 * Polls `probe` until it returns something other than null/undefined/false.
 * @template T
 * @param {string} what
 * @param {() => T | Promise<T>} probe
 * @param {number} timeoutMs
 * @returns {Promise<NonNullable<T>>}
 */
async function waitFor(what, probe, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    try {
      last = await probe();
      if (last !== null && last !== undefined && last !== false) return /** @type {any} */ (last);
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
