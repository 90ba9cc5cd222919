/**
 * The one list of federation singletons (architecture section 3, docs/adr/0006). Every app builds with it, so
 * the host and the remotes agree on what is shared and which versions satisfy it. Only what holds state is
 * shared: the libraries, and of the product's packages the entries that hold the page's state (session, HTTP
 * instance, event bus, theme and toasts). Everything else of `@synctrade/*` is bundled by each app.
 *
 * The product's entries carry their own version: raise its minor when an entry gains an export, its major when
 * one changes or goes. A remote built against a newer entry than the running host's is refused by
 * `pnpm check:remote`, which reads the host's build.
 */
const versions = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  'react-router': '7.18.5',
  'react-router-dom': '7.18.5',
  'styled-components': '6.6.0',
  zustand: '5.1.0',
  'react-toastify': '11.2.0',
  axios: '1.21.1',
  '@synctrade/api/session': '1.1.0',
  '@synctrade/event-bus': '1.0.0',
  '@synctrade/ui/providers': '1.0.0',
};

const caret = (version) => `^${version}`;

function singleton(version, requiredVersion) {
  return { singleton: true, requiredVersion, version, strictVersion: false, eager: false };
}

/** The `shared` map for ModuleFederationPlugin. */
function sharedSingletons() {
  const shared = {};
  for (const [name, version] of Object.entries(versions)) {
    shared[name] = singleton(version, caret(version));
  }
  // React 19 needs its subpaths (jsx-runtime, client) shared too.
  shared['react/'] = singleton(versions.react, caret(versions.react));
  shared['react-dom/'] = singleton(versions['react-dom'], caret(versions['react-dom']));
  return shared;
}

module.exports = { sharedSingletons, singletonVersions: versions };
