import type { ReactElement } from 'react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from '@synctrade/ui/providers';

/**
 * Mounts a remote on its own page (its standalone mode, for its team to develop and test without the host):
 * a browser router and the product's providers around the remote's routes.
 */
export function mountStandalone(routes: ReactElement, rootId = 'root'): void {
  const container = document.getElementById(rootId);
  if (!container) return;
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <AppProviders>{routes}</AppProviders>
      </BrowserRouter>
    </StrictMode>,
  );
}
