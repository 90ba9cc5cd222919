import { registerServiceWorker } from './register-service-worker';

function fakeWindow(withWorkers: boolean) {
  const listeners: Array<() => void> = [];
  const register = jest.fn(async () => ({}));
  const win = {
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
    navigator: (withWorkers ? { serviceWorker: { register } } : {}) as unknown as Navigator,
  };
  return { win, register, load: () => listeners.forEach((listener) => listener()) };
}

describe('service worker registration', () => {
  it('when a production page has loaded, then /sw.js is registered', () => {
    const { win, register, load } = fakeWindow(true);
    registerServiceWorker(win as unknown as Window, true);
    expect(register).not.toHaveBeenCalled();
    load();
    expect(register).toHaveBeenCalledWith('/sw.js');
  });

  it('when the build is for development or the browser has no service workers, then nothing is registered', () => {
    const dev = fakeWindow(true);
    registerServiceWorker(dev.win as unknown as Window, false);
    dev.load();
    expect(dev.register).not.toHaveBeenCalled();
    const old = fakeWindow(false);
    expect(() => {
      registerServiceWorker(old.win as unknown as Window, true);
      old.load();
    }).not.toThrow();
  });
});
