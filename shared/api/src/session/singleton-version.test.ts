import * as session from '@synctrade/api/session';

// The singleton list is plain JavaScript read by webpack; tests read it the same way.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { singletonVersions } = require('@synctrade/config/shared-singletons') as {
  singletonVersions: Record<string, string>;
};

/** The exports of each released version of the entry: a remote built against one needs them in the host. */
const RELEASED: Record<string, string[]> = {
  '1.0.0': [
    'apiConfig',
    'authStore',
    'clearToken',
    'configureApi',
    'currentUserId',
    'getToken',
    'http',
    'isCanceled',
    'latestSignal',
    'setHttpAdapter',
    'setToken',
    'setUnauthorizedHandler',
  ],
};
// 1.1.0: loadHttpClient, the host builds the client at start for a signed-in trader.
RELEASED['1.1.0'] = [...RELEASED['1.0.0']!, 'loadHttpClient'].sort();

describe('the session singleton entry', () => {
  it('when its exports change, then its version in the singleton list changed with them', () => {
    const version = singletonVersions['@synctrade/api/session']!;
    expect(Object.keys(session).sort()).toEqual(RELEASED[version]);
  });
});
