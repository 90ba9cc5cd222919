import { create } from 'zustand';
import {
  FALLBACK,
  SUCCESS,
  authStore as sessionStore,
  errorMessage,
  forgotPassword,
  login,
  register,
  resetPassword,
  successMessage,
  type LoginPayload,
  type RegisterPayload,
  type ResetPasswordPayload,
} from '@synctrade/api';
import { notify } from '@synctrade/ui';

export type AuthView = 'login' | 'register';
export type AuthStatus = 'idle' | 'loading' | 'success' | 'error';

/** What a sign-in attempt ended with: the component decides where to go next. */
export type LoginOutcome = 'signed-in' | 'two-factor' | 'failed';

export interface AuthFeatureState {
  view: AuthView;
  loading: boolean;
  status: AuthStatus;
  error: string | null;
  /** The server's prompt while it waits for a two-factor code, else null. */
  twoFactorPrompt: string | null;
  setView(view: AuthView): void;
  cancelTwoFactor(): void;
  /**
   * Stores the token on success. Callers navigate after the returned promise settles: by then the host's
   * `/login` guard has already reacted to the token (its redirect to /dashboard), so theirs comes last and wins.
   */
  login(payload: LoginPayload): Promise<LoginOutcome>;
  register(payload: RegisterPayload): Promise<boolean>;
  forgotPassword(email: string): Promise<boolean>;
  resetPassword(payload: ResetPasswordPayload): Promise<boolean>;
}

type Setter = (partial: Partial<AuthFeatureState>) => void;

/** Runs one server action with the spec's loading flag: set on start, cleared on success and on failure. */
async function track<T>(
  set: Setter,
  action: keyof typeof FALLBACK,
  run: () => Promise<T>,
): Promise<T | null> {
  set({ loading: true, status: 'loading', error: null });
  try {
    const result = await run();
    set({ loading: false, status: 'success' });
    return result;
  } catch (error: unknown) {
    const message = errorMessage(error, action);
    set({ loading: false, status: 'error', error: message });
    notify.error(message);
    return null;
  }
}

/** The `auth` slice of this remote: which card shows, the loading flag, and the auth actions. */
export const useAuthStore = create<AuthFeatureState>()((set) => ({
  view: 'login',
  loading: false,
  status: 'idle',
  error: null,
  twoFactorPrompt: null,
  setView: (view) => set({ view, twoFactorPrompt: null }),
  cancelTwoFactor: () => set({ twoFactorPrompt: null }),

  login: async (payload) => {
    const data = await track(set, 'login', () => login(payload));
    if (!data) return 'failed';
    if ('two_factor_required' in data) {
      set({ twoFactorPrompt: data.message || 'Enter the 6-digit code from your authenticator app' });
      return 'two-factor';
    }
    sessionStore.getState().signIn(data.access_token);
    set({ twoFactorPrompt: null });
    notify.success(successMessage(data, SUCCESS.login));
    return 'signed-in';
  },

  register: async (payload) => {
    const data = await track(set, 'register', () => register(payload));
    if (!data) return false;
    sessionStore.getState().signIn(data.access_token);
    notify.success(successMessage(data, SUCCESS.register));
    set({ view: 'login' });
    return true;
  },

  forgotPassword: async (email) => {
    const data = await track(set, 'forgotPassword', () => forgotPassword({ email }));
    if (!data) return false;
    notify.success(successMessage(data, SUCCESS.forgotPassword));
    return true;
  },

  resetPassword: async (payload) => {
    const data = await track(set, 'resetPassword', () => resetPassword(payload));
    if (!data) return false;
    notify.success(successMessage(data, SUCCESS.resetPassword));
    return true;
  },
}));
