// @ts-check
// What storing one checkpoint of a capture at its full bounds costs the browser, in the
// extension's real service worker in Chromium. Not a test: it measures and prints; the numbers go
// into docs/performance.md#the-evidence-page-and-history with this command:
//
//   cd extension-tests && node bench/checkpoint-store.js [repetitions]
//
// Four measures, each with the worker's own clock, alternating every repetition:
// - `bskLink.checkpoint({json, bytes})` as the daemon calls it, until IndexedDB commits;
// - `JSON.parse` of the checkpoint's text, which the worker does once per checkpoint;
// - a bare IndexedDB put of the parsed document as an object (how history stored documents
//   before it stored their text), in a scratch database;
// - a bare put of the same document as its JSON text (how it stores them now).

import { checkpointOf, fixture, launchWithExtension, quantile, serviceWorker } from '../e2e/support.js';
import { makeFullDocument } from '../fixtures/make-full.js';

const repetitions = Number(process.argv[2] ?? 20);

const { context, close } = await launchWithExtension();
try {
  const worker = await serviceWorker(context);
  const full = makeFullDocument(fixture('save-fails.json'), { startedAt: Date.now() - 60_000, runId: 'bench-checkpoint', name: 'Full bounds' });
  full.run.state = 'active';
  const checkpoint = checkpointOf(full);

  const times = await worker.evaluate(async ({ checkpoint, repetitions }) => {
    const scratch = await new Promise((resolve, reject) => {
      const open = indexedDB.open('bsk-bench-scratch', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('documents', { keyPath: 'run_id' });
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    /** @param {any} value */
    const put = (value) => new Promise((resolve, reject) => {
      const tx = scratch.transaction(['documents'], 'readwrite');
      tx.objectStore('documents').put(value);
      tx.oncomplete = () => resolve(undefined);
      tx.onabort = () => reject(tx.error);
    });
    /** @type {Record<string, number[]>} */
    const out = { link: [], parse: [], object: [], text: [] };
    /** @param {string} what */
    const store = async (what) => {
      // The object is parsed before the clock starts: the worker parses the text either way.
      const value = what === 'object' ? { run_id: 'doc', doc: JSON.parse(checkpoint.json) } : null;
      const started = performance.now();
      if (what === 'link') await /** @type {any} */ (globalThis).bskLink.checkpoint(checkpoint);
      else if (what === 'parse') JSON.parse(checkpoint.json);
      else await put(value ?? { run_id: 'doc', json: checkpoint.json });
      return performance.now() - started;
    };
    for (let i = 0; i < repetitions + 2; i++) {
      const order = i % 2 === 0 ? ['link', 'parse', 'object', 'text'] : ['text', 'object', 'parse', 'link'];
      for (const what of order) {
        const ms = await store(what);
        if (i >= 2) out[what].push(ms); // two warm-up rounds
      }
    }
    scratch.close();
    return out;
  }, { checkpoint, repetitions });

  const row = (/** @type {string} */ what, /** @type {number[]} */ t) =>
    `| ${what} | ${t.length} | ${quantile(t, 0.5).toFixed(1)} | ${quantile(t, 0.9).toFixed(1)} | ${Math.max(...t).toFixed(1)} |`;
  console.log(`one checkpoint at full bounds: ${(checkpoint.bytes / 1024 / 1024).toFixed(2)} MiB of JSON, ${full.requests.length} requests; ${repetitions} repetitions\n`);
  console.log('| what | runs | median ms | p90 ms | max ms |');
  console.log('|---|---|---|---|---|');
  console.log(row('`bskLink.checkpoint({json, bytes})`, until committed', times.link));
  console.log(row('`JSON.parse` of its text (the worker reads the record\'s metadata from it)', times.parse));
  console.log(row('IndexedDB put of the document as an object (before)', times.object));
  console.log(row('IndexedDB put of the document as its JSON text (now)', times.text));
} finally {
  await close();
}
