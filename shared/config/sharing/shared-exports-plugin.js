/**
 * Builds a shared module with only the exports of its list (see router-exports.js). Webpack keeps every export
 * of a module that federation provides or falls back to, as it cannot see the other apps' imports; this plugin
 * tells webpack which exports those two links use, so the rest of the package is tree-shaken away (the packages
 * listed declare `sideEffects: false`). Names are never mangled: remotes look them up by name.
 */
const PLUGIN = 'SharedExportsPlugin';

// The links from federation's own modules to the real package: what the host provides, what a remote falls
// back to when no app provides it.
const FEDERATION_LINKS = new Set(['provide module for shared', 'consume shared fallback']);

/** The share key of federation's provide or consume module. */
function shareKeyOf(module) {
  if (!module) return undefined;
  return module.options?.shareKey ?? module._name;
}

class SharedExportsPlugin {
  /** @param {Record<string, readonly string[]>} lists share key → the exports its shared module keeps */
  constructor(lists) {
    this.lists = lists;
  }

  apply(compiler) {
    compiler.hooks.compilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.dependencyReferencedExports.tap(PLUGIN, (referenced, dependency) => {
        if (!FEDERATION_LINKS.has(dependency.type)) return referenced;
        const list = this.lists[shareKeyOf(compilation.moduleGraph.getParentModule(dependency))];
        return list ? list.map((name) => ({ name: [name], canMangle: false })) : referenced;
      });
    });
  }
}

module.exports = { SharedExportsPlugin };
