import type React from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RedirectIfSignedIn } from '../features/auth/redirect-if-signed-in';
import { RemoteArea } from '../features/federation/remote-area';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { HomePage, NotificationsPage, RequireAuth, ShellLayout } from './lazy-signed-in-area';

/** The route table of the spec (section 2): each route resolves to the package that owns it. */
export function AppRoutes(): React.JSX.Element {
  return (
    <Routes>
      {/* The landing is the whole screen: its loading spinner continues the start-up one (spec section 2). */}
      <Route path="/" element={<RemoteArea key="landing" remote="landing" fullScreenLoading />} />
      <Route
        path="/login"
        element={
          <RedirectIfSignedIn>
            <RemoteArea key="auth" remote="auth" />
          </RedirectIfSignedIn>
        }
      />
      <Route path="/forgot-password" element={<RemoteArea key="auth" remote="auth" />} />
      <Route path="/reset-password" element={<RemoteArea key="auth" remote="auth" />} />
      <Route element={<RequireAuth />}>
        <Route element={<ShellLayout />}>
          <Route path="/dashboard" element={<HomePage />} />
          <Route path="/connections/*" element={<RemoteArea key="connections" remote="connections" />} />
          <Route path="/syncdesk/*" element={<RemoteArea key="syncdesk" remote="syncdesk" />} />
          <Route path="/trade-history" element={<Navigate to="/trade-history/dashboard" replace />} />
          <Route
            path="/trade-history/*"
            element={<RemoteArea key="trade_history" remote="trade_history" />}
          />
          <Route path="/notifications" element={<NotificationsPage />} />
          <Route path="/profile/*" element={<RemoteArea key="profile" remote="profile" />} />
        </Route>
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
