// A dedicated worker that makes the page's API calls: a JSON POST and a request that gets a 503,
// with console output at each level. With `?quiet=N` it makes one GET and logs nothing.
const quiet = new URLSearchParams(self.location.search).get('quiet');
(async () => {
  if (quiet !== null) {
    const r = await fetch('/echo?from=quiet-worker&n=' + quiet);
    postMessage({ quiet: r.status });
    return;
  }
  console.log('worker log', 1);
  console.info('worker info');
  console.debug('worker debug');
  console.warn('worker warn');
  console.error('worker error');
  const saved = await fetch('/echo?from=dedicated', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ada', password: 'worker-secret-7' }),
  });
  await saved.json();
  const failed = await fetch('/status/503?from=dedicated');
  await failed.text();
  postMessage({ saved: saved.status, failed: failed.status });
})();
