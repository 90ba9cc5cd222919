/**
 * What only a signed-in trader sees: the guard of the protected pages, the layout with sidebar and top bar,
 * Home and notifications. One chunk loaded on demand, so the public pages (landing, sign-in) do not download it.
 */
export { RequireAuth } from '../features/auth/require-auth';
export { ShellLayout } from '../features/layout/shell-layout';
export { HomePage } from '../features/home/home-page';
export { NotificationsPage } from '../features/notifications/notifications-page';
