import { provideRemoteModule, resetRuntimeDouble } from './support/runtime-double';
import { loadPageRemote, registerRuntimeRemotes, startPageData } from './remote-registry';
import { stubFetchJson } from './support/fetch-json-stub';

const remotesJson = {
  syncdesk: '/remotes/syncdesk/mf-manifest.json',
  trade_history: '/remotes/history/mf-manifest.json',
};

beforeEach(async () => {
  resetRuntimeDouble();
  stubFetchJson(remotesJson);
  await registerRuntimeRemotes();
});

describe('the opened page’s first data', () => {
  it('when the opened page’s remote exports preload, then the shell calls it once it is loaded', async () => {
    const preload = jest.fn();
    provideRemoteModule('syncdesk/Routes', async () => ({ default: () => null, preload }));
    await loadPageRemote('/syncdesk');
    startPageData('/syncdesk');
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it('when another page is opened, then only that page’s remote starts its data', async () => {
    const desk = jest.fn();
    const history = jest.fn();
    provideRemoteModule('syncdesk/Routes', async () => ({ default: () => null, preload: desk }));
    provideRemoteModule('trade_history/Routes', async () => ({ default: () => null, preload: history }));
    await loadPageRemote('/syncdesk');
    await loadPageRemote('/trade-history');
    startPageData('/trade-history');
    expect(history).toHaveBeenCalledTimes(1);
    expect(desk).not.toHaveBeenCalled();
  });

  it('when the page’s remote exports no preload, then nothing is called', async () => {
    provideRemoteModule('trade_history/Routes', async () => ({ default: () => null }));
    await loadPageRemote('/trade-history');
    expect(() => startPageData('/trade-history')).not.toThrow();
  });

  it('when a remote’s preload throws, then the shell goes on and says so in the console', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    provideRemoteModule('syncdesk/Routes', async () => ({
      default: () => null,
      preload: () => {
        throw new Error('no storage');
      },
    }));
    await loadPageRemote('/syncdesk');
    expect(() => startPageData('/syncdesk')).not.toThrow();
    expect(warn).toHaveBeenCalledWith('the syncdesk remote could not start its data', expect.any(Error));
  });
});
