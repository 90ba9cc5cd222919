import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { authStore } from '@synctrade/api';
import { AppProviders, Spinner } from '@synctrade/ui';
import { App } from './app/app';
import { preloadSignedInArea } from './app/lazy-signed-in-area';
import { registerRemotesAtStartup } from './features/federation/remote-registry';
import { loadRuntimeConfig } from './features/runtime-config/load-runtime-config';

const container = document.getElementById('root');
if (container) {
  // A returning trader will see the signed-in layout: fetch it alongside the rest, not after.
  if (authStore.getState().token) void preloadSignedInArea();
  const root = createRoot(container);
  // A full-screen spinner while the shell reads its runtime config and remote list.
  root.render(
    <AppProviders>
      <Spinner fullScreen label="Starting SyncTrade" />
    </AppProviders>,
  );
  void Promise.all([loadRuntimeConfig(), registerRemotesAtStartup(window.location.pathname)]).then(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
