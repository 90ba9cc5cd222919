const { createAppConfig } = require('@synctrade/config/federation');

module.exports = createAppConfig({
  name: 'connections',
  dirname: __dirname,
  port: 3103,
  title: 'SyncTrade — Connections',
  exposes: {
    './Routes': './src/exposes/routes.tsx',
    './ConnectionsSummary': './src/exposes/connections-summary.tsx',
  },
});
