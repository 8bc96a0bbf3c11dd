// A shared worker: fetches once per connecting page and answers the status.
onconnect = async (event) => {
  const port = event.ports[0];
  const r = await fetch('/echo?from=shared');
  port.postMessage({ shared: r.status });
};
