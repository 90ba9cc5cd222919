/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy next to every text asset of a production build, at the
 * highest levels: the server sends them to browsers that accept them (`preCompressed` of @fastify/static), so
 * nothing is compressed per request and the smallest form travels. A copy that would not be smaller is skipped.
 */
const { promisify } = require('node:util');
const zlib = require('node:zlib');

const PLUGIN = 'PrecompressPlugin';
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const COMPRESSIBLE = /\.(js|json|html|css|svg)$/;
// Below this a response fits a packet or two anyway.
const MIN_BYTES = 1024;

async function compressedCopies(buffer) {
  const [br, gz] = await Promise.all([
    brotli(buffer, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
      },
    }),
    gzip(buffer, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gz };
}

class PrecompressPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // The last stage: after minifying, the html, and the federation manifest are written.
        { name: PLUGIN, stage: compilation.constructor.PROCESS_ASSETS_STAGE_REPORT },
        async (assets) => {
          const files = Object.keys(assets).filter((file) => COMPRESSIBLE.test(file));
          await Promise.all(
            files.map(async (file) => {
              const buffer = compilation.getAsset(file).source.buffer();
              if (buffer.length < MIN_BYTES) return;
              const copies = await compressedCopies(buffer);
              for (const [encoding, copy] of Object.entries(copies)) {
                if (copy.length < buffer.length) {
                  compilation.emitAsset(`${file}.${encoding}`, new RawSource(copy), { compressed: true });
                }
              }
            }),
          );
        },
      );
    });
  }
}

module.exports = { PrecompressPlugin };
