import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { authStore } from '@synctrade/api';
import { AppProviders, Spinner } from '@synctrade/ui';
import { App } from './app/app';
import { preloadSignedInArea } from './app/lazy-signed-in-area';
import { loadPageRemote, registerRemotesAtStartup } from './features/federation/remote-registry';
import { loadRuntimeConfig } from './features/runtime-config/load-runtime-config';
import { registerServiceWorker } from './features/offline/register-service-worker';

registerServiceWorker();

const container = document.getElementById('root');
if (container) {
  const { pathname } = window.location;
  // A returning trader will see the signed-in layout: fetch it alongside the rest, not after.
  const signedInArea = authStore.getState().token ? preloadSignedInArea() : undefined;
  const root = createRoot(container);
  // A full-screen spinner while the shell reads its runtime config and remote list and loads what the opened
  // page shows (its remote, the signed-in layout), so that the first render shows the page whole.
  root.render(
    <AppProviders>
      <Spinner fullScreen label="Starting SyncTrade" />
    </AppProviders>,
  );
  const pageRemote = registerRemotesAtStartup(pathname).then(() => loadPageRemote(pathname));
  void Promise.all([loadRuntimeConfig(), pageRemote, signedInArea]).then(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
