import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { authStore, loadHttpClient } from '@synctrade/api';
import { AppProviders, Spinner } from '@synctrade/ui';
import { App } from './app/app';
import { preloadSignedInArea } from './app/lazy-signed-in-area';
import {
  loadPageRemote,
  registerRemotesAtStartup,
  startPageData,
} from './features/federation/remote-registry';
import { loadRuntimeConfig } from './features/runtime-config/load-runtime-config';
import { registerServiceWorker } from './features/offline/register-service-worker';

registerServiceWorker();

const container = document.getElementById('root');
if (container) {
  const { pathname } = window.location;
  // A returning trader will see the signed-in layout: fetch it alongside the rest, not after.
  const signedIn = authStore.getState().token !== null;
  const signedInArea = signedIn ? preloadSignedInArea() : undefined;
  // Its first screen makes requests at once: the HTTP client (built with the first request otherwise) comes with
  // the rest, so the page's first requests leave before the first render takes the main thread.
  const httpClient = signedIn ? loadHttpClient() : undefined;
  const root = createRoot(container);
  // A full-screen spinner while the shell reads its runtime config and remote list and loads what the opened
  // page shows (its remote, the signed-in layout), so that the first render shows the page whole.
  root.render(
    <AppProviders>
      <Spinner fullScreen label="Starting SyncTrade" />
    </AppProviders>,
  );
  const pageRemote = registerRemotesAtStartup(pathname).then(() => loadPageRemote(pathname));
  const runtimeConfig = loadRuntimeConfig();
  // The page's remote asks for its first data as soon as it can (the API's address known, the client built),
  // without waiting for the signed-in layout.
  const pageData = Promise.all([runtimeConfig, pageRemote, httpClient])
    .then(() => startPageData(pathname))
    // One task for those requests to leave before the first render holds the main thread for a few hundred ms.
    .then(() => new Promise((resolve) => setTimeout(resolve, 0)));
  void Promise.all([runtimeConfig, pageRemote, signedInArea, pageData]).then(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
