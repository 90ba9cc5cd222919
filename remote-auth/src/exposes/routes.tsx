import type React from 'react';
import { useLocation } from 'react-router-dom';
import { LoginPage } from '../features/login';
import { ForgotPasswordPage, ResetPasswordPage } from '../features/recovery';

/**
 * The remote's one component. The host mounts it at the exact paths /login, /forgot-password and
 * /reset-password, so it picks the screen from the path instead of declaring nested routes.
 */
export default function AuthRoutes(): React.JSX.Element {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '');
  if (path.endsWith('/forgot-password')) return <ForgotPasswordPage />;
  if (path.endsWith('/reset-password')) return <ResetPasswordPage />;
  return <LoginPage />;
}
