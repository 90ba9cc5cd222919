export type Theme = 'dark' | 'light';

/** Every event crossing package boundaries, with its payload. Add new events here first. */
export interface BusEvents {
  'auth:logged-in': { userId: number };
  /** `reason` tells a user's own logout from a revoked or expired session. */
  'auth:logged-out': { reason: 'user' | 'unauthorized' | 'password-changed' };
  'profile:changed': { username: string; photo_url: string | null };
  'connections:changed': { connectionId?: number };
  'copier:changed': { accountId?: number };
  'notifications:changed': { unread: number };
  'theme:changed': { theme: Theme };
}

export type BusEventName = keyof BusEvents;
