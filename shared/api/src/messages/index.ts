export * from './fallbacks';
export * from './successes';
export * from './client-messages';
export * from './validation-messages';
export * from './desk-confirm-messages';
