const { createAppConfig } = require('@synctrade/config/federation');

module.exports = createAppConfig({
  name: 'syncdesk',
  dirname: __dirname,
  port: 3104,
  title: 'SyncTrade — Sync Desk',
  exposes: {
    './Routes': './src/exposes/routes.tsx',
  },
});
