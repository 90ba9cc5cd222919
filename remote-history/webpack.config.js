const { createAppConfig } = require('@synctrade/config/federation');

module.exports = createAppConfig({
  name: 'history',
  dirname: __dirname,
  port: 3105,
  title: 'SyncTrade — Trade history',
  exposes: {
    './Routes': './src/exposes/routes.tsx',
  },
});
