// @ts-check
// Sessions do not share a browser profile: each has its own cookies, storage and cache, gone
// when it ends, unless it asks for the browser's own profile (--shared-profile).

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bsk, bskJson, launchBrowser, serveSite, stateDir } from './daemon-harness.js';

/** @type {Awaited<ReturnType<typeof serveSite>>} */
let site;
before(async () => { site = await serveSite(); });
after(async () => { await site.close(); });

/** Logs the session in as `user`, the way a site's login sets its cookie. */
async function login(home, session, user) {
  await bsk(home, 'navigate', `${site.url}/login?user=${user}`, '--session', session);
}

/** Who the site thinks the session is. */
async function me(home, session) {
  const result = await bskJson(home, 'evaluate', "fetch('/me').then(r => r.text())", '--session', session);
  return result.value;
}

describe('session profiles', () => {
  test('two sessions log in as different users and each sees only its own; nothing outlives a session', async () => {
    const home = stateDir();
    const browser = await launchBrowser({ home });
    try {
      await bsk(home, 'daemon', 'start', '--cdp-url', browser.endpoint);
      const alice = await bsk(home, 'session', 'start', '--name', 'alice');
      const bob = await bsk(home, 'session', 'start', '--name', 'bob');
      await login(home, alice, 'alice');
      await login(home, bob, 'bob');
      assert.equal(await me(home, alice), 'alice');
      assert.equal(await me(home, bob), 'bob');
      const listed = await bskJson(home, 'session', 'list');
      assert.ok(listed.every((/** @type {any} */ s) => s.shared_profile === false), JSON.stringify(listed));

      // The browser's own profile never saw those logins.
      const person = await browser.browser.contexts()[0].newPage();
      await person.goto(`${site.url}/me`);
      assert.equal(await person.innerText('body'), 'nobody');

      // A session's profile ends with it: a new one starts logged out.
      await bsk(home, 'session', 'stop', alice);
      const next = await bsk(home, 'session', 'start');
      await bsk(home, 'navigate', site.url, '--session', next);
      assert.equal(await me(home, next), 'nobody');
    } finally {
      await bsk(home, 'daemon', 'stop').catch(() => {});
      await browser.close();
    }
  });

  test('--shared-profile works as the person, in the browser\'s own profile', async () => {
    const home = stateDir();
    const browser = await launchBrowser({ home });
    try {
      await bsk(home, 'daemon', 'start', '--cdp-url', browser.endpoint);
      // The person is logged in in their browser.
      const person = await browser.browser.contexts()[0].newPage();
      await person.goto(`${site.url}/login?user=person`);
      const shared = await bsk(home, 'session', 'start', '--shared-profile');
      await bsk(home, 'navigate', site.url, '--session', shared);
      assert.equal(await me(home, shared), 'person');
      const [info] = await bskJson(home, 'session', 'list');
      assert.equal(info.shared_profile, true);
    } finally {
      await bsk(home, 'daemon', 'stop').catch(() => {});
      await browser.close();
    }
  });
});
