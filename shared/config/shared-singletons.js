/**
 * The one list of federation singletons (architecture section 3). Every app builds with it, so the host and
 * the remotes agree on what is shared and which versions satisfy it. Workspace packages carry an explicit
 * semver range (never `workspace:*`).
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
  '@synctrade/api': '1.0.0',
  '@synctrade/event-bus': '1.0.0',
  '@synctrade/ui': '1.0.0',
};

const major = (version) => `^${version.split('.')[0]}.0.0`;
const caret = (version) => `^${version}`;

function singleton(version, requiredVersion) {
  return { singleton: true, requiredVersion, version, strictVersion: false, eager: false };
}

/** The `shared` map for ModuleFederationPlugin. */
function sharedSingletons() {
  const shared = {};
  for (const [name, version] of Object.entries(versions)) {
    const isWorkspace = name.startsWith('@synctrade/');
    shared[name] = singleton(version, isWorkspace ? major(version) : caret(version));
  }
  // React 19 needs its subpaths (jsx-runtime, client) shared too.
  shared['react/'] = singleton(versions.react, caret(versions.react));
  shared['react-dom/'] = singleton(versions['react-dom'], caret(versions['react-dom']));
  return shared;
}

module.exports = { sharedSingletons, singletonVersions: versions, majorRange: major };
