const { createAppConfig } = require('@synctrade/config/federation');

module.exports = createAppConfig({
  // Not `history`: the container is a global variable and would collide with window.history.
  name: 'trade_history',
  dirname: __dirname,
  port: 3105,
  title: 'SyncTrade — Trade history',
  exposes: {
    './Routes': './src/exposes/routes.tsx',
  },
});
