/** Where a load stands: nothing asked yet, in flight, answered, or failed. */
export type LoadStatus = 'idle' | 'loading' | 'success' | 'error';
