export * from './constants';
export * from './auth-schemas';
export * from './password-strength';
export * from './profile-schemas';
export * from './copier-schemas';
export * from './ratio';
export * from './projectx';
export * from './propfirm-schemas';
