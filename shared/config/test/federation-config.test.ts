import { createAppConfig, CHUNK_LOAD_TIMEOUT_MS } from '../federation';
import { sharedSingletons } from '../shared-singletons';

type Config = {
  output: { publicPath: string; chunkFilename: string; chunkLoadTimeout: number };
  plugins: { constructor: { name: string }; _options?: Record<string, unknown> }[];
};

function build(isHost: boolean, mode: 'production' | 'development' = 'production'): Config {
  const factory = createAppConfig({
    name: isHost ? 'host' : 'auth',
    dirname: __dirname,
    port: 1,
    isHost,
    exposes: isHost ? {} : { './Routes': './x.tsx' },
  });
  return factory({}, { mode }) as unknown as Config;
}

describe('federation config factory', () => {
  it('when an app is built, then script chunks load from static/js with a 120 second time-out', () => {
    const { output } = build(false);
    expect(output.chunkFilename).toMatch(/^static\/js\//);
    expect(output.chunkLoadTimeout).toBe(120_000);
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('when a remote is built, then its public path is auto; the host lives at the root', () => {
    expect(build(false).output.publicPath).toBe('auto');
    expect(build(true).output.publicPath).toBe('/');
  });

  it('when the shared map is made, then every singleton has an explicit range and nothing is eager', () => {
    const shared = sharedSingletons() as unknown as Record<
      string,
      { singleton: boolean; requiredVersion: string; eager: boolean }
    >;
    const names = [
      'react',
      'react/',
      'react-dom',
      'react-dom/',
      'react-router',
      'react-router-dom',
      'styled-components',
      'zustand',
      'react-toastify',
      'axios',
      '@synctrade/api',
      '@synctrade/event-bus',
      '@synctrade/ui',
    ];
    expect(Object.keys(shared).sort()).toEqual([...names].sort());
    for (const name of names) {
      expect(shared[name]).toMatchObject({ singleton: true, eager: false });
      expect(shared[name]!.requiredVersion).toMatch(/^\^\d+\.\d+\.\d+$/);
    }
    expect(shared['@synctrade/api']!.requiredVersion).toBe('^1.0.0');
  });

  it('when any app is built, then federation writes a manifest, downloads no types and shares loaded-first', () => {
    const plugin = build(false).plugins.find((p) => p.constructor.name === 'ModuleFederationPlugin');
    expect(plugin?._options).toMatchObject({
      manifest: { fileName: 'mf-manifest.json' },
      dts: false,
      shareStrategy: 'loaded-first',
      remotes: {},
    });
  });
});
