import { createAppConfig, CHUNK_LOAD_TIMEOUT_MS } from '../federation';
import { sharedSingletons } from '../shared-singletons';
import { ROUTER_EXPORTS, SHARED_EXPORT_LISTS } from '../sharing/router-exports';
import { STANDALONE_RUNTIME_FILE } from '../standalone/runtime-config';

type Plugin = { constructor: { name: string }; _options?: Record<string, unknown> };
type Config = {
  name?: string;
  entry: unknown;
  output: {
    path: string;
    filename: string;
    publicPath: string;
    chunkFilename: string;
    chunkLoadTimeout: number;
  };
  plugins: Plugin[];
};

function configs(isHost: boolean, mode: 'production' | 'development' = 'production'): Config[] {
  const factory = createAppConfig({
    name: isHost ? 'host' : 'auth',
    dirname: __dirname,
    port: 1,
    isHost,
    exposes: isHost ? {} : { './Routes': './x.tsx' },
  });
  const made = factory({}, { mode }) as unknown as Config | Config[];
  return Array.isArray(made) ? made : [made];
}

/** The app's own build (a remote's second build is its standalone runtime). */
function build(isHost: boolean, mode: 'production' | 'development' = 'production'): Config {
  return configs(isHost, mode)[0]!;
}

function federationOptions(config: Config): Record<string, unknown> | undefined {
  return config.plugins.find((p) => p.constructor.name === 'ModuleFederationPlugin')?._options;
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

  it('when the shared map is made, then only what holds state is shared, each with an explicit range, nothing eager', () => {
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
      '@synctrade/api/session',
      '@synctrade/event-bus',
      '@synctrade/ui/providers',
    ];
    expect(Object.keys(shared).sort()).toEqual([...names].sort());
    for (const name of names) {
      expect(shared[name]).toMatchObject({ singleton: true, eager: false });
      expect(shared[name]!.requiredVersion).toMatch(/^\^\d+\.\d+\.\d+$/);
    }
    expect(shared['@synctrade/api/session']!.requiredVersion).toBe('^1.1.0');
  });

  it('when any app is built, then federation writes a manifest, downloads no types and shares loaded-first', () => {
    expect(federationOptions(build(false))).toMatchObject({
      manifest: { fileName: 'mf-manifest.json' },
      dts: false,
      shareStrategy: 'loaded-first',
      remotes: {},
    });
  });

  it('when a remote is built, then it reads the federation runtime the host provides', () => {
    expect(federationOptions(build(false))).toMatchObject({
      experiments: { externalRuntime: true, optimization: { target: 'web' } },
    });
    const host = federationOptions(build(true))!;
    expect(host.experiments).not.toHaveProperty('externalRuntime');
    // The ES module build of the official provider plugin, so the host keeps one copy of the runtime.
    expect((host.runtimePlugins as string[]).at(-1)).toMatch(
      /inject-external-runtime-core-plugin.*dist[\\/]index\.js$/,
    );
  });

  it('when the host is built, then it provides every singleton, also one its own code does not import', () => {
    const prefetched = build(true)
      .plugins.filter((p) => p.constructor.name === 'PrefetchPlugin')
      .map((p) => (p as unknown as { request: string }).request);
    const packages = Object.keys(sharedSingletons()).filter((name) => !name.endsWith('/'));
    expect(prefetched.sort()).toEqual(packages.sort());
    expect(build(false).plugins.some((p) => p.constructor.name === 'PrefetchPlugin')).toBe(false);
  });

  it('when a remote is built, then a second build writes the runtime its standalone page loads first', () => {
    expect(configs(true)).toHaveLength(1);
    const [app, runtime] = configs(false);
    expect(runtime!.output).toMatchObject({ path: app!.output.path, filename: STANDALONE_RUNTIME_FILE });
    expect(federationOptions(runtime!)).toBeUndefined();
  });

  it('when any app is built, then the shared router keeps only the listed exports', () => {
    const plugin = build(false).plugins.find((p) => p.constructor.name === 'SharedExportsPlugin') as
      (Plugin & { lists: Record<string, readonly string[]> }) | undefined;
    expect(plugin?.lists).toBe(SHARED_EXPORT_LISTS);
    expect(SHARED_EXPORT_LISTS['react-router-dom']).toEqual(
      expect.arrayContaining(['BrowserRouter', 'Link']),
    );
    expect(ROUTER_EXPORTS).not.toContain('RouterProvider');
  });

  it('when an app is built for production, then its text files get Brotli and gzip copies', () => {
    const names = (config: Config): string[] => config.plugins.map((p) => p.constructor.name);
    expect(names(build(false))).toContain('PrecompressPlugin');
    expect(names(build(false, 'development'))).not.toContain('PrecompressPlugin');
  });
});
