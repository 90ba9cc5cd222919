/** Client-side toasts and fixed screen texts of spec sections 2, 5 and 8, word for word. */
export const CLIENT_MESSAGE = {
  acceptTerms: 'Please accept the terms and conditions',
  googleLogin: 'Google login not implemented yet',
  googleRegister: 'Google registration not implemented yet',
  newPasswordsMismatch: 'New passwords do not match',
  invalidRatio: 'Please enter a valid ratio value',
  nothingToFlatten: 'No accounts available to flatten',
  enterEmail: 'Please enter your email',
  resetTokenRequired: 'Token is required for password reset',
  fillAllFields: 'Please fill in all fields',
  passwordsDoNotMatch: 'Passwords do not match!',
  resetPasswordTooShort: 'Password must be at least 8 characters long',
  passwordRule:
    'Use 8 to 128 characters with at least one uppercase letter, one lowercase letter, one number and one special character (@ $ ! % * ? &).',
  loadingChunkFailed: 'Loading chunk failed',
} as const;

export const EMPTY = {
  connections: 'No connections found',
  accounts: 'No accounts found',
  orders: 'No data found',
  trades: 'No completed trades found',
  noTradesYet: 'No trades yet',
  notificationsHint:
    'SyncTrade writes here when something needs you: a copy a broker rejected or rate-limited, a follower out of sync with its leader, a risk stop or prop-firm rule that flattened an account, a broker connection that was lost or needs you to sign in again.',
} as const;
