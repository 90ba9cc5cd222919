const path = require('node:path');
const { createAppConfig } = require('@synctrade/config/federation');
const { AppIconsPlugin } = require('./build/app-icons-plugin');

const shell = createAppConfig({
  name: 'host',
  dirname: __dirname,
  port: 3100,
  isHost: true,
  title: 'SyncTrade — Cloud trade copier for futures traders',
  description:
    'Copy every trade from your leader futures account to all your follower accounts in milliseconds. Tradovate, ProjectX, Rithmic and paper accounts, sizing ratios, risk limits.',
  runtimePlugins: [path.join(__dirname, 'src/features/federation/fallback-plugin.ts')],
});

// Only the shell has a favicon and app icons: it is the page every address opens.
module.exports = (env, argv) => {
  const config = shell(env, argv);
  config.plugins.push(new AppIconsPlugin(path.join(__dirname, 'public')));
  return config;
};
