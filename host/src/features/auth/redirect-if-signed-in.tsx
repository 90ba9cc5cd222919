import type React from 'react';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { authStore } from '@synctrade/api';

/**
 * `/login` opened with a stored token goes to /dashboard. Checked when the page is opened only: a registration
 * stores the token and then shows Sign In on this same page (spec section 4), which must not bounce away.
 */
export function RedirectIfSignedIn({ children }: { children: React.ReactNode }): React.JSX.Element {
  const [tokenWhenOpened] = useState(() => authStore.getState().token);
  return tokenWhenOpened ? <Navigate to="/dashboard" replace /> : <>{children}</>;
}
