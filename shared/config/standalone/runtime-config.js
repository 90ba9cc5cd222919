/**
 * The second, tiny build of every remote: the federation runtime as a plain script for the remote's standalone
 * page (see federation-runtime-entry.js). It is not federated itself, so nothing of it is external.
 */
const path = require('node:path');
const { PrecompressPlugin } = require('../compression/precompress-plugin');

/** Written next to the remote's own scripts; the standalone index.html loads it before main.js. */
const STANDALONE_RUNTIME_FILE = 'static/js/federation-runtime.js';

const RUNTIME_CORE = '@module-federation/runtime-tools/runtime-core';

// The runtime the remote's entries were built against: the copy @module-federation/enhanced itself uses (its
// ES module build, as webpack would pick it).
function runtimeCoreModule() {
  const enhanced = path.dirname(require.resolve('@module-federation/enhanced'));
  const commonJs = require.resolve(RUNTIME_CORE, { paths: [enhanced] });
  return commonJs.replace(/\.cjs$/, '.js');
}

/** @param {{ dirname: string, production: boolean }} options */
function standaloneRuntimeConfig({ dirname, production }) {
  return {
    name: 'standalone-federation-runtime',
    mode: production ? 'production' : 'development',
    context: dirname,
    entry: path.join(__dirname, 'federation-runtime-entry.js'),
    devtool: production ? 'source-map' : false,
    output: {
      path: path.join(dirname, 'dist'),
      filename: STANDALONE_RUNTIME_FILE,
      // The app's own build cleans the folder; this one only adds its files.
      clean: false,
    },
    resolve: { alias: { [`${RUNTIME_CORE}$`]: runtimeCoreModule() } },
    performance: { hints: false },
    plugins: production ? [new PrecompressPlugin()] : [],
  };
}

module.exports = { standaloneRuntimeConfig, STANDALONE_RUNTIME_FILE };
