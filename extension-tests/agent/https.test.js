// @ts-check
// A dev server on https://localhost with a self-signed certificate, as developers run them: the
// real `bsk` refuses it by default (as the browser would), opens it in a session started with
// `--ignore-certificate-errors`, and marks the captured response `untrusted_certificate`. The
// flag is per session: another session still refuses the certificate. The certificate is made
// here with the `openssl` command.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { bsk, bskJson, stateDir, tempDir } from '../e2e/daemon-harness.js';

/** @type {https.Server} */
let server;
let url = '';
const home = stateDir();

before(async () => {
  const dir = tempDir('bsk-tls-');
  const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1',
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
  ], { stdio: 'ignore' });
  server = https.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) }, (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>Dev server</title><p>served over https</p>');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(null)));
  url = `https://localhost:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}/`;
});

after(async () => {
  await bsk(home, 'daemon', 'stop').catch(() => {});
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test('a self-signed dev server opens only in a session that ignores certificate errors', async () => {
  // By default the certificate is refused, as the browser refuses it.
  const strict = await bsk(home, 'session', 'start');
  await assert.rejects(
    bsk(home, 'navigate', url, '--session', strict),
    /ERR_CERT/,
    'an untrusted certificate is refused by default',
  );

  // With the flag, the session opens it, and its capture says the certificate was not trusted.
  const info = await bskJson(home, 'session', 'start', '--ignore-certificate-errors', '--capture');
  assert.equal(info.ignore_certificate_errors, true);
  await bsk(home, 'navigate', url, '--session', info.id);
  const title = await bskJson(home, 'evaluate', 'document.title', '--session', info.id);
  assert.equal(title.value, 'Dev server');
  const { items } = await bskJson(home, 'debug', 'requests', '--session', info.id, '--all');
  const page = items.find((/** @type {any} */ r) => r.url === url);
  assert.ok(page, `the page's request was captured: ${JSON.stringify(items)}`);
  assert.equal(page.status, 200);
  assert.equal(page.untrusted_certificate, true, JSON.stringify(page));
  const human = await bsk(home, 'debug', 'requests', '--session', info.id, '--all');
  assert.match(human, /untrusted certificate/);

  // Per session: the strict one still refuses it.
  await assert.rejects(bsk(home, 'navigate', url, '--session', strict), /ERR_CERT/);

  // Never on the person's own profile.
  await assert.rejects(
    bsk(home, 'session', 'start', '--ignore-certificate-errors', '--shared-profile'),
    /private profile only/,
  );
});
