// Browser automation preferences as stored (lib/preferences.js): a missing or unknown value
// reads as its default, so the popup, the evidence page and the daemon read the same.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';

import { DEFAULT_AUTOMATION, normalized, readPreferences, savePreferences } from '../../extension/lib/preferences.js';
import { freshHistory } from './builders.js';

describe('automation preferences', () => {
  it('keep no picture after each agent action unless chosen', () => {
    assert.equal(DEFAULT_AUTOMATION.screenshots, false);
    assert.equal(normalized(undefined).screenshots, false);
    assert.equal(normalized({ screenshots: true }).screenshots, true);
    assert.equal(normalized({ screenshots: 'yes' }).screenshots, false, 'a value of another kind reads as the default');
  });

  it('are saved whole, and a change keeps the others', async () => {
    const history = await freshHistory();
    try {
      assert.deepEqual(await readPreferences(history), DEFAULT_AUTOMATION);
      await savePreferences(history, { workers: true });
      const saved = await savePreferences(history, { screenshots: true });
      assert.deepEqual(saved, { ...DEFAULT_AUTOMATION, workers: true, screenshots: true });
      assert.deepEqual(await history.automation(), saved, 'what bskLink.preferences() hands the daemon');
    } finally {
      history.close();
    }
  });
});
