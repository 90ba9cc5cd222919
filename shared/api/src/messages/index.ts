export * from './fallbacks';
export * from './successes';
export * from './client-messages';
export * from './validation-messages';
export * from './connect-outcomes';
export * from './projectx-messages';
export * from './desk-confirm-messages';
export * from './propfirm-labels';
