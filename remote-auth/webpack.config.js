const { createRemoteConfig } = require('@synctrade/config/federation');

// Name, port and title: this remote's entry in shared/config/remotes.json.
module.exports = createRemoteConfig('remote-auth', __dirname, {
  './Routes': './src/exposes/routes.tsx',
});
