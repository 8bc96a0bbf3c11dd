// @ts-check
// The popup's prompt for an agent lists `bsk` command lines. Their fixture
// (schema/fixtures/prompt/lines.json, which runtime/tests/workflow/prompt.rs parses with bsk's
// command-line definition) must be what a fresh render of the prompt gives, so that a prompt
// edit reaches the Rust test.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';

import { DEFAULT_PREFERENCES } from '../../extension/lib/history.js';
import { REPOSITORY } from '../generate/index.js';
import {
  PROMPT_LINES_FILE, commandLines, promptLinesFixture, renderPrompt, shellWords, withSamples,
} from '../generate/prompt-lines.js';

describe("the popup prompt's command lines", () => {
  it('are the checked-in fixture the CLI test parses', async () => {
    const fresh = await promptLinesFixture(DEFAULT_PREFERENCES.capture_name);
    const checkedIn = readFileSync(path.join(REPOSITORY, PROMPT_LINES_FILE), 'utf8');
    assert.equal(checkedIn, fresh, `${PROMPT_LINES_FILE} is stale: run \`npm run generate\` in extension-tests`);
  });

  it("cover every line of the prompt that runs bsk, and the contract's reads", async () => {
    const prompt = await renderPrompt(DEFAULT_PREFERENCES.capture_name);
    const running = prompt.split('\n').filter((line) => /(^|\$\()bsk /.test(line.trim()));
    const lines = commandLines(prompt);
    assert.ok(lines.length > running.length, `each bsk line and the --help span: ${lines.length}`);
    const verbs = lines.map((line) => shellWords(withSamples(line)).slice(1, 3).join(' '));
    for (const read of ['debug start', 'debug operations', 'debug operation', 'debug request', 'debug console', 'debug pages', 'debug stop', 'debug export']) {
      assert.ok(verbs.includes(read), `the prompt runs bsk ${read}: ${verbs.join(', ')}`);
    }
  });

  it('quote the capture name so that it reaches bsk as one word, whatever it holds', async () => {
    const name = `Bob's "save" $HOME`;
    const [start] = commandLines(await renderPrompt(name));
    assert.deepEqual(shellWords(start), ['bsk', 'session', 'start', '--name', name]);
  });

  it('split as a shell splits', () => {
    assert.deepEqual(shellWords(`bsk fill @e1 'it'\\''s' --session s1`), ['bsk', 'fill', '@e1', "it's", '--session', 's1']);
    assert.deepEqual(shellWords('a  "b \\"c\\"" d\\ e'), ['a', 'b "c"', 'd e']);
    assert.throws(() => withSamples('bsk navigate <somewhere> --session $id'), /<somewhere>/);
  });
});
