/**
 * Starts a classic Web Worker from the script URL webpack computed for it (the build treats calls of this function
 * like `new Worker(new URL(...))`, see the remote's webpack config).
 *
 * The remote's chunks live on the remote's own origin, which is another origin than the page's when the remote is
 * served from a CDN, and browsers refuse `new Worker(url)` across origins. A classic worker may however load a
 * script from any origin with `importScripts`, so the worker then starts from a same-origin blob that does just
 * that. The worker's bundle is one chunk: it loads nothing relative to its own (blob) address.
 */
export function startWorker(url: URL | string, options?: WorkerOptions): Worker {
  const script = new URL(url, document.baseURI);
  if (script.origin === window.location.origin) return new Worker(script, options);
  const loader = URL.createObjectURL(
    new Blob([`importScripts(${JSON.stringify(script.href)});`], { type: 'text/javascript' }),
  );
  const worker = new Worker(loader, options);
  // The blob is needed until the worker has fetched it; it has once the worker says anything.
  const release = (): void => URL.revokeObjectURL(loader);
  worker.addEventListener('message', release, { once: true });
  worker.addEventListener('error', release, { once: true });
  return worker;
}
