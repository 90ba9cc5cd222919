import * as providers from '@synctrade/ui/providers';

// The singleton list is plain JavaScript read by webpack; tests read it the same way.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { singletonVersions } = require('@synctrade/config/shared-singletons') as {
  singletonVersions: Record<string, string>;
};

/** The exports of each released version of the entry: a remote built against one needs them in the host. */
const RELEASED: Record<string, string[]> = {
  '1.0.0': [
    'AppProviders',
    'GlobalStyle',
    'TOAST_DURATION',
    'TOAST_LIMIT',
    'ThemeProvider',
    'ToastArea',
    'initialTheme',
    'notify',
    'preloadToasts',
    'useTheme',
  ],
};

describe('the providers singleton entry', () => {
  it('when its exports change, then its version in the singleton list changed with them', () => {
    const version = singletonVersions['@synctrade/ui/providers']!;
    expect(Object.keys(providers).sort()).toEqual(RELEASED[version]);
  });
});
