/**
 * How the host provides the one federation runtime that remotes built with `experiments.externalRuntime` read
 * (docs/adr/0005).
 *
 * `experiments.provideExternalRuntime` would add @module-federation/inject-external-runtime-core-plugin by its
 * CommonJS file, which pulls a second, CommonJS copy of the runtime into the host's entry (about 20 KB gzip).
 * The same plugin's ES module build imports the ES module runtime the host already contains, so it is added
 * as an ordinary runtime plugin instead.
 */
const path = require('node:path');

const PLUGIN = '@module-federation/inject-external-runtime-core-plugin';

/** Absolute path of the plugin's ES module build, resolved where @module-federation/enhanced resolves it. */
function runtimeProviderPlugin() {
  const enhanced = path.dirname(require.resolve('@module-federation/enhanced'));
  const commonJs = require.resolve(PLUGIN, { paths: [enhanced] });
  const packageDir = path.dirname(path.dirname(commonJs));
  const { exports } = require(path.join(packageDir, 'package.json'));
  return path.join(packageDir, exports['.'].import.default);
}

module.exports = { runtimeProviderPlugin };
