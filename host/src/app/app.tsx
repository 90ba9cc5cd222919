import type React from 'react';
import { BrowserRouter } from 'react-router';
import { AppProviders } from '@synctrade/ui';
import { SessionEvents } from '../features/auth/session-events';
import { AppRoutes } from './app-routes';

export function App(): React.JSX.Element {
  return (
    <BrowserRouter>
      <AppProviders>
        <SessionEvents />
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  );
}
