const { createAppConfig } = require('@synctrade/config/federation');

module.exports = createAppConfig({
  name: 'profile',
  dirname: __dirname,
  port: 3106,
  title: 'SyncTrade — Profile',
  exposes: {
    './Routes': './src/exposes/routes.tsx',
  },
});
