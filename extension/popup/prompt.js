// @ts-check
// Without a task: a prompt to give the agent, the CLI example of the website-debugging
// contract in bsk's words, ready to paste.

import { h } from '../evidence/dom.js';
import { announce } from './announce.js';

/** A shell word in single quotes, whatever it contains. */
export function shellQuote(/** @type {string} */ text) {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * The prompt, with the capture named as captures started from this popup are.
 * @param {string} captureName
 */
export function agentPrompt(captureName) {
  const name = shellQuote(captureName);
  return `Debug my website with bsk: reproduce the problem described at the end while bsk records evidence, then read it. Start capture before navigating: earlier traffic is not recorded.

id=$(bsk session start --name ${name})
bsk debug start --session $id --name ${name}
bsk navigate <url> --session $id
bsk observe --session $id        # prints the page with @eN refs
bsk fill @eN '<value>' --session $id
bsk click @eN --session $id
bsk debug operations --session $id
bsk debug operation <operation-id> --session $id
bsk debug request <request-id> --session $id --part response
bsk debug request <request-id> --session $id --part response --pointer /error/code
bsk debug console --session $id
bsk debug pages --session $id
bsk debug stop --session $id
bsk debug export --session $id > website-debug.json
bsk session stop $id

Replace <…> and @eN with real values and the ids bsk prints. An HTTP 200 does not prove the action worked: read the response body. \`bsk debug --help\` explains every command.

The problem: `;
}

/**
 * The prompt in a read-only text box with a Copy button.
 * @param {string} captureName
 */
export function promptView(captureName) {
  const text = h('textarea', {
    id: 'agent-prompt', class: 'prompt-text', readonly: true, rows: 4, spellcheck: 'false',
    'aria-describedby': 'prompt-lede',
  });
  text.value = agentPrompt(captureName);
  const status = h('span', { class: 'copy-status', id: 'copy-status' });
  const copy = h('button', {
    type: 'button', class: 'primary', id: 'copy-prompt',
    onclick: async () => {
      try {
        await navigator.clipboard.writeText(text.value);
        status.textContent = 'Copied — paste it to your agent.';
      } catch {
        // The clipboard can be refused (no focus, a policy): the text is selected instead.
        text.focus();
        text.select();
        status.textContent = 'Copying was refused: the prompt is selected, press Ctrl+C (⌘C).';
      }
      announce(status.textContent);
    },
  }, 'Copy prompt');
  return h('div', { class: 'prompt' },
    h('p', { id: 'prompt-lede', class: 'prompt-lede' }, 'Give your agent this prompt, with what goes wrong after “The problem:”. Its session then shows here.'),
    h('label', { for: 'agent-prompt', class: 'visually-hidden' }, 'Prompt for your agent'),
    text,
    h('div', { class: 'prompt-actions' }, copy, status));
}
