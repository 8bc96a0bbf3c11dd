// report.md from report.json's data: one table per phase, and the machine it ran on.

const kib = (b) => (b == null ? '–' : `${(b / 1024).toFixed(1)} KiB`);
const ms = (v) => (v == null || Number.isNaN(v) ? '–' : `${Math.round(v)} ms`);

/** @param {any} r the report */
export function renderReport(r) {
  const m = r.machine;
  const lines = [
    '# Screenshot benchmark',
    '',
    `bsk \`${m.bsk_version}\` at \`${m.bsk}\` (built ${m.bsk_modified}), **${m.bsk_build} build**; work tree at commit \`${m.commit}\`${m.worktree_changes ? ` with ${m.worktree_changes} changed tracked files` : ''}; ${m.chromium}; Node ${m.node}.`,
    `Machine: ${m.cores} cores, ${m.memory_gib} GiB; load average ${m.load_before.join(' / ')} before, ${(m.load_after ?? []).join(' / ')} after (1, 5, 15 min).`,
    ...(m.warning ? [`**Warning: ${m.warning}.**`] : []),
    `Page: ${r.site.form} (1280×800 viewport) with a cross-site iframe from ${r.site.frame}.`,
    '',
  ];
  if (r.cli) lines.push(...cliTable(r.cli, r.shots));
  if (r.agents) lines.push(...agentsTable(r.agents));
  if (r.flow) lines.push(...flowTable(r.flow));
  return lines.join('\n') + '\n';
}

function cliTable(cli, shots) {
  const rows = [
    `## \`bsk screenshot\` from the CLI (${shots} calls each, interleaved, after 2 uncounted)`,
    '',
    'Wall time is the whole CLI call as a script sees it (process start, daemon round trip, file write). CPU is read from /proc just before and after each call (10 ms ticks, summed over the calls).',
    '',
    '| variant | wall median | wall p95 | daemon CPU / shot | browser CPU / shot | bytes (median) | pixels | masked fields (frames boxed) |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const v of cli.variants) {
    const picture = v.file ? [kib(v.bytes.median), `${v.width}×${v.height}`, `${v.masked_fields} (${v.masked_frames})`] : ['–', '–', '–'];
    rows.push(`| ${v.label} | ${ms(v.wall_ms.median)} | ${ms(v.wall_ms.p95)} | ${ms(v.daemon_cpu_ms_per_shot)} | ${ms(v.browser_cpu_ms_per_shot)} | ${picture.join(' | ')} |`);
  }
  for (const f of cli.full_page) {
    rows.push(`| ${f.variant}, one call | ${ms(f.wall_ms)} | | ${ms(f.daemon_cpu_ms)} | | ${kib(f.bytes)} | ${f.width}×${f.height} | ${f.masked_fields} (${f.masked_frames}) |`);
  }
  rows.push('');
  return rows;
}

function agentsTable(agents) {
  const rows = [
    '## The picture an agent receives over MCP (default settings, same page, 1280×800)',
    '',
    'Bytes of the whole result are the compact JSON of the CallToolResult (the image travels as base64). Time and CPU (the server\'s processes and its browser; for bsk the `bsk mcp` process, the daemon and its browser) are per call over 5 calls after one uncounted.',
    '',
    '| server | call | format | pixels | image bytes | result bytes | time median | CPU / call | password and card fields |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const a of agents) {
    if (a.failed) {
      rows.push(`| ${a.tool} | failed: ${a.failed.split('\n')[0].slice(0, 200)} | | | | | | | |`);
      continue;
    }
    rows.push(`| ${a.server} | \`${a.call}\` | ${a.format} | ${a.width}×${a.height} | ${kib(a.image_bytes)} | ${kib(a.result_bytes)} | ${ms(a.wall_ms.median)} | ${ms(a.cpu_ms_per_call)} | ${maskWords(a.masked)} |`);
  }
  rows.push('');
  return rows;
}

function maskWords(m) {
  const c = m.compared_with_bsk;
  const compared = c && typeof c === 'object'
    ? `in the ${c.pixels} pixels of the fields' boxes${m.by_tool ? ' (its PNG variant)' : ''}, ${(c.like_unmasked * 100).toFixed(1)}% match the page as rendered, ${(c.like_masked * 100).toFixed(1)}% bsk's mask`
    : c ?? '';
  if (m.by_tool) return `**masked** by the tool: ${m.masked_fields} fields${m.masked_frames ? `, ${m.masked_frames} frames boxed` : ''}${compared ? `; ${compared}` : ''}`;
  return `**as rendered** (the password as dots, the card in clear)${compared ? `; ${compared}` : ''}`;
}

function flowTable(flow) {
  const rows = [
    `## \`bsk debug start --screenshots\`: ten operations, ${flow.runs.length} runs interleaved`,
    '',
    `Operations: ${flow.operations.map((o) => `\`${o}\``).join(', ')}. Wall time is each CLI call; the daemon's and the browser's CPU run from before the first operation to ${flow.settle_ms} ms after the last (a picture is encoded after its operation's result is returned), divided by ten.`,
    '',
    '| capture | runs | wall / operation, median (p95) | run medians | daemon CPU / operation (by run) | browser CPU / operation (by run) | pictures per run | picture bytes, median (max) | picture sizes |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const [mode, s] of Object.entries(flow.by_mode)) {
    rows.push(`| ${mode === 'plain' ? '`debug start`' : '`debug start --screenshots`'} | ${s.runs} | ${ms(s.wall_ms_per_op.median)} (${ms(s.wall_ms_per_op.p95)}) | ${s.wall_ms_per_op.by_run_median.join(', ')} | ${ms(s.daemon_cpu_ms_per_op.median)} (${s.daemon_cpu_ms_per_op.by_run.join(', ')}) | ${ms(s.browser_cpu_ms_per_op.median)} (${s.browser_cpu_ms_per_op.by_run.join(', ')}) | ${s.pictures_per_run.join(', ')} | ${s.picture_bytes ? `${kib(s.picture_bytes.median)} (${kib(s.picture_bytes.max)})` : '–'} | ${s.picture_sizes.join(', ') || '–'} |`);
  }
  const modes = Object.entries(flow.by_mode);
  if (modes.length === 2) {
    rows.push('', '| operation | ' + modes.map(([m]) => (m === 'plain' ? 'plain, median' : '--screenshots, median')).join(' | ') + ' |', '|---|---|---|');
    modes[0][1].wall_ms_by_op.forEach((o, i) => rows.push(`| ${i + 1}. ${o.op} | ${modes.map(([, s]) => ms(s.wall_ms_by_op[i].median)).join(' | ')} |`));
  }
  const frames = modes.flatMap(([, s]) => s.iframe_targets);
  rows.push('', `Iframe targets the capture attached to, per run: ${frames.join(', ')} (the card frame from another site runs out of process).`);
  const shots = flow.by_mode.screenshots;
  if (shots) {
    const missing = shots.operations_without_picture.map((l, i) => `run ${i + 1}: ${l.length ? l.join(', ') : 'none'}`);
    rows.push('', `With --screenshots, operations without a picture (looked for again 5 s later when one was missing): ${missing.join('; ')}; \`pictures_dropped\` in \`debug status\`: ${shots.pictures_dropped.join(', ')}.`);
  }
  const unnamed = modes.flatMap(([mode, s]) => s.actions_not_named.flatMap((l, i) => l.map((x) => `${mode} run ${i + 1}, ${x}`)));
  if (unnamed.length) {
    rows.push('', `Actions whose result named no operation: ${unnamed.join('; ')}.`);
  }
  const failed = modes.flatMap(([, s]) => s.failed_operations);
  if (failed.length) rows.push('', `Operations not completed: ${failed.join('; ')}.`);
  rows.push('');
  return rows;
}
