import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders, Spinner } from '@synctrade/ui';
import { App } from './app/app';
import { registerRuntimeRemotes } from './features/federation/remote-registry';
import { loadRuntimeConfig } from './features/runtime-config/load-runtime-config';

const container = document.getElementById('root');
if (container) {
  const root = createRoot(container);
  // A full-screen spinner while the shell reads its runtime config and remote list.
  root.render(
    <AppProviders>
      <Spinner fullScreen label="Starting SyncTrade" />
    </AppProviders>,
  );
  void Promise.all([loadRuntimeConfig(), registerRuntimeRemotes()]).then(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
