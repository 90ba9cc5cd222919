export const PRODUCT_NAME = 'SyncTrade';

/** Success toasts when the server sends no `message` (spec section 8). */
export const SUCCESS = {
  login: 'Login successful! Welcome back!',
  register: `Registration successful! Welcome to ${PRODUCT_NAME}.`,
  logout: 'Logged out successfully',
  profileUpdate: 'Profile updated successfully!',
  forgotPassword: 'Reset link sent to your email!',
  resetPassword: 'Password reset successfully!',
  connect: 'Redirecting to Tradovate Auth page',
  deleteConnection: 'Connection deleted successfully',
  accountToggle: 'Account enabled/disabled successfully',
  toggleAll: 'All accounts enabled/disabled successfully',
  master: 'Account master updated successfully',
  follower: 'Account follower updated successfully',
  ratio: 'Ratio updated successfully',
  flatten: 'Flatten updated successfully',
  // Screen text, not a toast: a successful password change shows it, then logs out.
  passwordChanged: 'Password changed successfully!',
  connectionToggle: 'Connection enabled/disabled successfully',
  cross: 'Cross updated successfully',
  disableFollowers: 'All followers disabled successfully',
  cancelOrders: 'All orders canceled successfully',
  sync: 'Follower synced successfully',
  risk: 'Risk settings updated successfully',
  ticket: 'Order sent',
  import: 'Import finished',
  journal: 'Journal saved',
  photo: 'Photo updated successfully!',
  twoFactorEnabled: 'Two-factor authentication enabled',
  twoFactorDisabled: 'Two-factor authentication disabled',
  copied: 'Data copied to clipboard',
} as const;
