const { createAppConfig } = require('@synctrade/config/federation');

module.exports = createAppConfig({
  name: 'auth',
  dirname: __dirname,
  port: 3102,
  title: 'SyncTrade — Sign in',
  exposes: {
    './Routes': './src/exposes/routes.tsx',
  },
});
