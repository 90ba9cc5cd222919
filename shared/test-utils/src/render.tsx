import type React from 'react';
import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppProviders } from '@synctrade/ui';

export interface RenderOptions {
  /** The starting address, path and query. */
  route?: string;
  /** The route pattern the element is mounted at, e.g. `/connections/:id`. */
  path?: string;
}

export interface ProvidersResult extends RenderResult {
  user: ReturnType<typeof userEvent.setup>;
  /** The router's current address (path + query), for asserting navigations. */
  location(): string;
}

/** Renders with the product's providers (theme, toasts) inside a memory router. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}): ProvidersResult {
  const { route = '/', path = '*' } = options;
  let current = route;
  function LocationSpy(): null {
    const location = useLocation();
    current = `${location.pathname}${location.search}`;
    return null;
  }
  const Wrapper = ({ children }: { children: ReactNode }): React.JSX.Element => (
    <MemoryRouter initialEntries={[route]}>
      <AppProviders>
        <Routes>
          <Route path={path} element={children} />
          {path !== '*' && <Route path="*" element={<span>Elsewhere</span>} />}
        </Routes>
        <LocationSpy />
      </AppProviders>
    </MemoryRouter>
  );
  const user = userEvent.setup();
  const result = render(ui, { wrapper: Wrapper });
  return { ...result, user, location: () => current };
}
