// How the scripted agent of every flow reads what a tool returned: after each action it checks
// whether what it expects is in the action's result; if not it looks at the page once (a `look`),
// and anything more (waiting, looking again, doing the action again) is a `retry`.

/**
 * @param {import('./flow.mjs').Adapter} tool
 */
export function makeAgent(tool) {
  const agent = {
    /** The page as the agent last saw it (a tree, or an action's result that showed the page). */
    view: '',
    /** Steps where a name or text matched only as a person reads it (whitespace, invisible characters). */
    inexact: new Set(),
    /** Steps whose action result alone showed the expected state. */
    shownByAction: /** @type {string[]} */ ([]),
    check,
    ref,
    shows,
    both: (step, a, b) => (page) => shows(step, a)(page) && shows(step, b)(page),
  };

  /** An action's result as the agent reads it: its text and its structured content. */
  const own = (result) => `${result.text}\n${result.structured ? JSON.stringify(result.structured) : ''}`;

  /**
   * After an action: is the expected state in its result? If not, look once, then wait and look
   * again until it is. With `redo`, when one wait did not bring it, the agent does the action
   * again (once), as a person does when a click evidently did nothing.
   * @param {string} step
   * @param {{ text: string, structured: any }} result
   * @param {(page: string) => boolean} expect
   * @param {string} waitText what an agent would wait for
   * @param {(page: string) => Promise<{ text: string, structured: any }>} [redo] the action again
   *   (recorded as a retry), given the page as the agent last saw it
   * @returns {Promise<{ text: string, structured: any }>} the result of the action that brought
   *   the expected state (the redone one's, if the action was redone)
   */
  async function check(step, result, expect, waitText, redo) {
    let last = result;
    const shown = own(result);
    if (expect(shown)) {
      agent.shownByAction.push(step);
      agent.view = shown;
      return last;
    }
    let page = await tool.look(step, 'look');
    let waits = 0;
    let redone = false;
    for (let attempt = 1; !expect(page); attempt++) {
      if (attempt > 5) throw new Error(`${tool.name}: after ${step} the page never showed what was expected:\n${page.slice(0, 3000)}`);
      if (redo && !redone && attempt === 2) {
        redone = true;
        waits = 0;
        last = await redo(page);
        page = own(last);
        if (!expect(page)) page = await tool.look(step, 'retry');
        continue;
      }
      waits += 1;
      await tool.wait(step, waitText, waits);
      page = await tool.look(step, 'retry');
    }
    agent.view = page;
    return last;
  }

  /** The ref of `query` in the current view, or an error naming what is missing. */
  function ref(step, query, view = agent.view) {
    const found = tool.ref(view, query);
    if (!found) throw new Error(`${tool.name}: ${step}: no ${query.role} ${query.name ?? ''} ${query.value ?? ''} after ${query.from ?? 'the top'} in:\n${view.slice(0, 4000)}`);
    if (!found.exact) agent.inexact.add(step);
    return found.ref;
  }

  /** Whether the page shows the element; notes the step when only as a person reads it. */
  function shows(step, query) {
    return (page) => {
      const found = tool.ref(page, query);
      if (found && !found.exact) agent.inexact.add(step);
      return found !== null;
    };
  }

  return agent;
}
