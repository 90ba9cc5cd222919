const { createRemoteConfig } = require('@synctrade/config/federation');

// Name, port and title: this remote's entry in shared/config/remotes.json.
module.exports = createRemoteConfig('remote-history', __dirname, {
  './Routes': './src/exposes/routes.tsx',
});
