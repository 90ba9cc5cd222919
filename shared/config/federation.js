/**
 * The webpack + Module Federation config factory. Every app's webpack.config.js is a few lines calling it.
 */
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedSingletons } = require('./shared-singletons');
const { PrecompressPlugin } = require('./compression/precompress-plugin');
const { SharedExportsPlugin } = require('./sharing/shared-exports-plugin');
const { SHARED_EXPORT_LISTS } = require('./sharing/router-exports');
const { runtimeProviderPlugin } = require('./runtime-provider');
const { standaloneRuntimeConfig, STANDALONE_RUNTIME_FILE } = require('./standalone/runtime-config');
const { findRemote } = require('./remotes');

const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * @typedef {object} AppOptions
 * @property {string} name federation name (a JS identifier): host, landing, auth, connections, ...
 * @property {string} dirname the app's folder (`__dirname` of its webpack.config.js)
 * @property {number} port dev-server port for `pnpm start` of the app alone
 * @property {Record<string, string>} [exposes] what a remote exposes (`./Routes` → file)
 * @property {boolean} [isHost]
 * @property {string} [title] the standalone page's title
 * @property {string} [description] the page's meta description
 * @property {string[]} [runtimePlugins] federation runtime plugin files (the host's loader plugins)
 */

/**
 * The federation runtime ships once, in the host: remotes read it from the global the host provides
 * (docs/adr/0005, and runtime-provider.js for the host's side). It only ever runs in browsers, so its Node-only
 * code is left out, and remotes never load another remote, so theirs leaves out the remote-loading code too.
 */
function federationExperiments(isHost) {
  const optimization = { target: 'web' };
  return isHost
    ? { optimization }
    : { externalRuntime: true, optimization: { ...optimization, disableRemote: true } };
}

/**
 * The host provides every singleton of the list, also one its own code does not import (react-router-dom,
 * which only remotes use): webpack provides a shared package only where the build resolves it, and a remote
 * must never have to bring its own copy of a singleton. Resolving each package ahead (a prefetch) is enough.
 */
function provideEverySingleton(dirname) {
  return Object.keys(sharedSingletons())
    .filter((name) => !name.endsWith('/'))
    .map((name) => new webpack.PrefetchPlugin(dirname, name));
}

/**
 * A function of (env, argv) for webpack: the host's config, or for a remote its config and the small build of
 * its standalone page's runtime.
 * @param {AppOptions} options
 */
function createAppConfig(options) {
  const {
    name,
    dirname,
    port,
    exposes = {},
    isHost = false,
    title = 'SyncTrade',
    description,
    runtimePlugins = [],
  } = options;
  return (_env, argv) => {
    const production = argv.mode === 'production';
    const app = {
      mode: production ? 'production' : 'development',
      context: dirname,
      entry: { main: './src/index.ts' },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dirname, 'dist'),
        // Remotes resolve their own origin at run time; the host always lives at the site root.
        publicPath: isHost ? '/' : 'auto',
        // The federation runtime cannot template a content hash into entry names; html-webpack-plugin's
        // `hash` busts the cache of the entry instead, and lazy chunks keep content hashes.
        filename: 'static/js/[name].js',
        chunkFilename: production ? 'static/js/[name].[contenthash:8].chunk.js' : 'static/js/[name].chunk.js',
        assetModuleFilename: 'static/media/[name].[contenthash:8][ext]',
        chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
        uniqueName: name,
        // A remote's folder also holds its standalone runtime, written by the second build.
        clean: isHost ? true : { keep: (file) => file.startsWith(STANDALONE_RUNTIME_FILE) },
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'] },
      module: {
        rules: [
          {
            test: /\.(t|j)sx?$/,
            exclude: /node_modules\/\.pnpm\/(?!@synctrade)/,
            use: {
              loader: require.resolve('swc-loader'),
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2020',
                },
              },
            },
          },
          {
            test: /\.(png|jpe?g|gif|svg|webp|avif|ico)$/i,
            type: 'asset',
            parser: { dataUrlCondition: { maxSize: 2048 } },
          },
          { test: /\.css$/i, type: 'asset/resource' },
        ],
      },
      optimization: {
        // Named chunks keep shared modules recognisable (the singleton browser test reads their names).
        chunkIds: 'named',
        moduleIds: production ? 'deterministic' : 'named',
      },
      performance: { hints: false },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          remotes: {},
          shared: sharedSingletons(),
          manifest: { fileName: 'mf-manifest.json' },
          dts: false,
          shareStrategy: 'loaded-first',
          runtimePlugins: isHost ? [...runtimePlugins, runtimeProviderPlugin()] : runtimePlugins,
          experiments: federationExperiments(isHost),
        }),
        new SharedExportsPlugin(SHARED_EXPORT_LISTS),
        ...(isHost ? provideEverySingleton(dirname) : []),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'index.html'),
          templateParameters: {
            title,
            description: description ?? title,
            standaloneRuntime: isHost ? null : STANDALONE_RUNTIME_FILE,
          },
          scriptLoading: 'defer',
          hash: production,
          chunks: ['main'],
        }),
        ...(production ? [new PrecompressPlugin()] : []),
        new webpack.DefinePlugin({
          'process.env.API_BASE_URL': JSON.stringify(process.env.API_BASE_URL ?? ''),
          'process.env.FEED_URL': JSON.stringify(process.env.FEED_URL ?? ''),
          'process.env.APP_VERSION': JSON.stringify(process.env.APP_VERSION ?? 'dev'),
        }),
      ],
      devServer: {
        port,
        historyApiFallback: true,
        hot: false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [
          { context: ['/api', '/remotes.json', '/config.json'], target: 'http://localhost:3000' },
          { context: ['/ws'], target: 'ws://localhost:3000', ws: true },
        ],
        client: { overlay: false },
      },
    };
    return isHost ? app : [app, standaloneRuntimeConfig({ dirname, production })];
  };
}

/**
 * A remote's config from its entry in the remote list (`remotes.json`): its name, port and page title come from
 * there, its exposed modules from its own webpack config.
 * @param {string} pkg the remote's package folder
 * @param {string} dirname the remote's folder (`__dirname` of its webpack.config.js)
 * @param {Record<string, string>} exposes
 */
function createRemoteConfig(pkg, dirname, exposes) {
  const remote = findRemote(pkg);
  if (!remote) throw new Error(`${pkg} is not in shared/config/remotes.json`);
  return createAppConfig({
    name: remote.name,
    dirname,
    port: remote.port,
    title: `SyncTrade — ${remote.displayName}`,
    exposes,
  });
}

module.exports = { createAppConfig, createRemoteConfig, CHUNK_LOAD_TIMEOUT_MS };
