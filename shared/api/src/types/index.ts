export * from './entities';
export * from './payloads';
export * from './responses';
export * from './feed';
export * from './desk-actions';
export * from './propfirm';
export * from './alerts';
export * from './quality';
