const { createRemoteConfig } = require('@synctrade/config/federation');

// Name, port and title: this remote's entry in shared/config/remotes.json.
module.exports = createRemoteConfig('remote-syncdesk', __dirname, {
  './Routes': './src/exposes/routes.tsx',
});
