const { createAppConfig } = require('@synctrade/config/federation');

module.exports = createAppConfig({
  name: 'landing',
  dirname: __dirname,
  port: 3101,
  title: 'SyncTrade — Landing page',
  exposes: {
    './Routes': './src/exposes/routes.tsx',
  },
});
