const path = require('node:path');
const { createAppConfig } = require('@synctrade/config/federation');

module.exports = createAppConfig({
  name: 'host',
  dirname: __dirname,
  port: 3100,
  isHost: true,
  title: 'SyncTrade — Cloud trade copier for futures traders',
  description:
    'Copy every trade from your leader futures account to all your follower accounts in milliseconds. Tradovate, sizing ratios, risk limits.',
  runtimePlugins: [path.join(__dirname, 'src/features/federation/fallback-plugin.ts')],
});
