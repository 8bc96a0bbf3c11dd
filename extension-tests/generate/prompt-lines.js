// @ts-check
// The `bsk` command lines of the popup's prompt for an agent (`agentPrompt` in
// extension/popup/prompt.js), as an agent would run them: its placeholders replaced by sample
// values, shell redirections and `$(…)` dropped, split into words as a shell splits them. Written
// to schema/fixtures/prompt/lines.json by `npm run generate`; unit/prompt-lines.test.js fails
// while that file differs from a fresh render, and runtime/tests/workflow/prompt.rs parses every
// line with bsk's own command-line definition, so a prompt line bsk would refuse fails there.

/** Where the fixture is, from the repository root. */
export const PROMPT_LINES_FILE = 'schema/fixtures/prompt/lines.json';

/**
 * Each placeholder of the prompt and the sample value it stands for. A placeholder not listed
 * here is an error: the fixture never holds a line no shell would run as written.
 * @type {ReadonlyArray<[string, string]>}
 */
export const SAMPLES = [
  ['$id', 's1'],
  ['<url>', 'http://127.0.0.1/'],
  ['@eN', '@e1'],
  ['<operation-id>', 'o1'],
  ['<request-id>', 'r1'],
  ["'<value>'", 'x'],
];

/**
 * The prompt the popup shows for `captureName`. The popup's modules read the page's document
 * when loaded (its live region): outside a page they get a stand-in that has no elements.
 * @param {string} captureName
 * @returns {Promise<string>}
 */
export async function renderPrompt(captureName) {
  const global = /** @type {any} */ (globalThis);
  global.document ??= { getElementById: () => null };
  const { agentPrompt } = await import('../../extension/popup/prompt.js');
  return agentPrompt(captureName);
}

/**
 * The command lines of a prompt: lines that run `bsk` (`id=$(bsk …)` included) and `bsk …`
 * spans in backquotes, in the order they appear.
 * @param {string} prompt
 * @returns {string[]}
 */
export function commandLines(prompt) {
  const lines = [];
  for (const raw of prompt.split('\n')) {
    const line = raw.trim();
    const substitution = /^\w+=\$\((bsk .*)\)$/.exec(line);
    if (substitution) lines.push(substitution[1]);
    else if (line.startsWith('bsk ')) lines.push(line);
    for (const [, span] of line.matchAll(/`(bsk [^`]*)`/g)) lines.push(span);
  }
  return lines.map(withoutShellSyntax);
}

/**
 * A command line without its comment and its output redirection (outside quotes).
 * @param {string} line
 */
function withoutShellSyntax(line) {
  let quoted = false;
  for (let at = 0; at < line.length; at++) {
    const c = line[at];
    if (c === "'") quoted = !quoted;
    else if (!quoted && (c === '#' || c === '>') && (at === 0 || line[at - 1] === ' ')) {
      return line.slice(0, at).trimEnd();
    }
  }
  return line;
}

/**
 * `line` with every placeholder replaced by its sample value; throws on a placeholder that has
 * none.
 * @param {string} line
 */
export function withSamples(line) {
  let filled = line;
  for (const [placeholder, sample] of SAMPLES) filled = filled.replaceAll(placeholder, sample);
  const left = /<[^>]*>|\$\w+|\$\(|@eN\b/.exec(filled);
  if (left) throw new Error(`a placeholder without a sample value in the prompt: ${left[0]} (in \`${line}\`); add it to SAMPLES in ${import.meta.url}`);
  return filled;
}

/**
 * The words a POSIX shell makes of `line`: split on blanks, single quotes taken literally,
 * double quotes and backslashes as the shell reads them (no expansion: lines hold none once
 * their placeholders are filled).
 * @param {string} line
 * @returns {string[]}
 */
export function shellWords(line) {
  /** @type {string[]} */
  const words = [];
  let word = null;
  for (let at = 0; at < line.length; at++) {
    const c = line[at];
    if (c === ' ' || c === '\t') {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === "'") {
      const end = line.indexOf("'", at + 1);
      if (end < 0) throw new Error(`an unterminated single quote in \`${line}\``);
      word = (word ?? '') + line.slice(at + 1, end);
      at = end;
    } else if (c === '"') {
      let text = '';
      for (at++; at < line.length && line[at] !== '"'; at++) {
        if (line[at] === '\\' && '"\\$`'.includes(line[at + 1] ?? '')) at++;
        text += line[at];
      }
      if (at >= line.length) throw new Error(`an unterminated double quote in \`${line}\``);
      word = (word ?? '') + text;
    } else if (c === '\\') {
      word = (word ?? '') + (line[++at] ?? '');
    } else {
      word = (word ?? '') + c;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

/**
 * The fixture's text for the prompt with `captureName`: each command line with its sample
 * values, and its words.
 * @param {string} captureName
 */
export async function promptLinesFixture(captureName) {
  const lines = commandLines(await renderPrompt(captureName)).map(withSamples);
  const entries = lines.map((line) => `    { "line": ${JSON.stringify(line)}, "argv": ${JSON.stringify(shellWords(line))} }`);
  const note = `The bsk command lines of agentPrompt(${JSON.stringify(captureName)}) in extension/popup/prompt.js, with sample values; written by \`npm run generate\` in extension-tests, do not edit.`;
  return [
    '{',
    `  "//": ${JSON.stringify(note)},`,
    `  "capture_name": ${JSON.stringify(captureName)},`,
    '  "lines": [',
    entries.join(',\n'),
    '  ]',
    '}',
    '',
  ].join('\n');
}
