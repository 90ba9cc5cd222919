const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');

/** The icons in host/public: the SVG is the source, the PNGs are committed renders of it at each size. */
const ICON_FILES = ['icon.svg', 'favicon-32.png', 'apple-touch-icon.png', 'icon-192.png', 'icon-512.png'];
/** Served from the root as they are: the service worker must sit at `/` to control every page. */
const ROOT_FILES = [...ICON_FILES, 'sw.js'];

const MANIFEST = {
  name: 'SyncTrade',
  short_name: 'SyncTrade',
  description: 'Cloud trade copier for futures traders',
  start_url: '/dashboard',
  display: 'standalone',
  background_color: '#0b0f17',
  theme_color: '#0b0f17',
  icons: [
    { src: '/icon.svg', type: 'image/svg+xml', sizes: 'any' },
    { src: '/icon-192.png', type: 'image/png', sizes: '192x192' },
    { src: '/icon-512.png', type: 'image/png', sizes: '512x512' },
  ],
};

const link = (attributes) => ({ tagName: 'link', voidTag: true, attributes, meta: { plugin: 'app-icons' } });

/**
 * The shell's favicon, app icons and service worker: copies them to the build's root (beside index.html, so the server's
 * static files answer them), writes the web app manifest, and links them from the page's head in place of the
 * template's empty icon (which only keeps browsers from asking for /favicon.ico).
 */
class AppIconsPlugin {
  constructor(folder) {
    this.folder = folder;
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('AppIconsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'AppIconsPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const file of ROOT_FILES) {
            const source = path.join(this.folder, file);
            compilation.fileDependencies.add(source);
            compilation.emitAsset(file, new RawSource(fs.readFileSync(source)));
          }
          compilation.emitAsset('manifest.webmanifest', new RawSource(JSON.stringify(MANIFEST, null, 2)));
        },
      );
      const hooks = HtmlWebpackPlugin.getHooks(compilation);
      hooks.alterAssetTagGroups.tap('AppIconsPlugin', (groups) => {
        groups.headTags.push(
          link({ rel: 'icon', href: '/icon.svg', type: 'image/svg+xml' }),
          link({ rel: 'icon', href: '/favicon-32.png', type: 'image/png', sizes: '32x32' }),
          link({ rel: 'apple-touch-icon', href: '/apple-touch-icon.png' }),
          link({ rel: 'manifest', href: '/manifest.webmanifest' }),
        );
        return groups;
      });
      hooks.afterTemplateExecution.tap('AppIconsPlugin', (data) => {
        data.html = data.html.replace(/<link rel="icon" href="data:," \/>\s*/, '');
        return data;
      });
    });
  }
}

module.exports = { AppIconsPlugin, ICON_FILES };
