const { createRemoteConfig } = require('@synctrade/config/federation');

// Name, port and title: this remote's entry in shared/config/remotes.json.
const remoteConfig = createRemoteConfig('remote-history', __dirname, {
  './Routes': './src/exposes/routes.tsx',
});

/** The CSV parser worker's chunk name (its `name` option in src/features/csv-import/lib/spawn-parse-worker.ts). */
const PARSER_WORKER = 'csv-parser';

module.exports = (env, argv) => {
  const [app, ...rest] = remoteConfig(env, argv);
  // `parserWorkers.start(new URL('./x.worker.ts', import.meta.url))` bundles a worker like `new Worker(...)` does, and
  // starts it from the page's origin also when this remote is served from another one (src/.../start-worker.ts).
  app.module.parser = {
    ...app.module.parser,
    javascript: { ...app.module.parser?.javascript, worker: ['...', '*parserWorkers.start()'] },
  };
  // Shared code is split out of lazy chunks as by default ('async'), but not out of the worker's: started from a
  // blob, the worker could not load a chunk relative to its own address.
  app.optimization = {
    ...app.optimization,
    splitChunks: { chunks: (chunk) => !chunk.canBeInitial() && chunk.name !== PARSER_WORKER },
  };
  return [app, ...rest];
};
