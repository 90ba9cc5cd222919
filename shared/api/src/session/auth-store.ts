import { createStore } from 'zustand/vanilla';
import { bus } from '@synctrade/event-bus';
import type { Profile } from '../types/entities';
import { clearToken, currentUserId, getToken, setToken } from './token-storage';

/**
 * The `auth` slice (spec section 3: user, loading). A plain store, not React context, so the host and every
 * remote read the same state whatever React tree they render in.
 */
export interface AuthState {
  user: Profile | null;
  loading: boolean;
  token: string | null;
  /** True once a session ended in this page (logout, 401/403, password change): /login then has no `from`. */
  sessionEnded: boolean;
  setUser(user: Profile | null): void;
  setLoading(loading: boolean): void;
  /** Stores the access token and tells the other packages. */
  signIn(token: string): void;
  /** Forgets the token and the user. */
  signOut(reason: 'user' | 'unauthorized' | 'password-changed'): void;
}

export const authStore = createStore<AuthState>()((set) => ({
  user: null,
  loading: false,
  token: typeof window === 'undefined' ? null : getToken(),
  sessionEnded: false,
  setUser: (user) => set({ user }),
  setLoading: (loading) => set({ loading }),
  signIn: (token) => {
    setToken(token);
    set({ token, sessionEnded: false });
    bus.emit('auth:logged-in', { userId: currentUserId() ?? 0 });
  },
  signOut: (reason) => {
    clearToken();
    set({ token: null, user: null, sessionEnded: true });
    bus.emit('auth:logged-out', { reason });
  },
}));

// A 401 seen by the HTTP client clears storage; keep the store in step.
bus.on('auth:logged-out', () => {
  if (authStore.getState().token) authStore.setState({ token: null, user: null, sessionEnded: true });
});
