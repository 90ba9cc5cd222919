import { create } from 'zustand';
import {
  authStore,
  disableTwoFactor,
  enableTwoFactor,
  errorMessage,
  getTwoFactorStatus,
  setupTwoFactor,
  successMessage,
  SUCCESS,
  type TwoFactorSetup,
} from '@synctrade/api';
import { notify } from '@synctrade/ui';

export type TwoFactorStep = 'loading' | 'error' | 'off' | 'setup' | 'codes' | 'on';

export interface TwoFactorState {
  step: TwoFactorStep;
  error: string | null;
  setup: TwoFactorSetup | null;
  /** Shown once, right after enabling; forgotten when the user is done with them. */
  recoveryCodes: string[];
  busy: boolean;
  fetchStatus(): Promise<void>;
  startSetup(): Promise<void>;
  cancelSetup(): void;
  enable(code: string): Promise<boolean>;
  finishCodes(): void;
  disable(code: string): Promise<boolean>;
}

function rememberOnUser(enabled: boolean): void {
  const { user, setUser } = authStore.getState();
  if (user) setUser({ ...user, two_factor_enabled: enabled });
}

export const useTwoFactorStore = create<TwoFactorState>()((set) => ({
  step: 'loading',
  error: null,
  setup: null,
  recoveryCodes: [],
  busy: false,

  async fetchStatus() {
    set({ step: 'loading', error: null });
    try {
      const { enabled } = await getTwoFactorStatus();
      set({ step: enabled ? 'on' : 'off' });
    } catch (error: unknown) {
      set({ step: 'error', error: errorMessage(error, 'twoFactor') });
    }
  },

  async startSetup() {
    set({ busy: true });
    try {
      const setup = await setupTwoFactor();
      set({ setup, step: 'setup' });
    } catch (error: unknown) {
      notify.error(errorMessage(error, 'twoFactor'));
    } finally {
      set({ busy: false });
    }
  },

  cancelSetup() {
    set({ setup: null, step: 'off' });
  },

  async enable(code) {
    set({ busy: true });
    try {
      const data = await enableTwoFactor({ code: code.trim() });
      notify.success(successMessage(data, SUCCESS.twoFactorEnabled));
      rememberOnUser(true);
      set({ step: 'codes', setup: null, recoveryCodes: data.recovery_codes });
      return true;
    } catch (error: unknown) {
      notify.error(errorMessage(error, 'twoFactor'));
      return false;
    } finally {
      set({ busy: false });
    }
  },

  finishCodes() {
    set({ step: 'on', recoveryCodes: [] });
  },

  async disable(code) {
    set({ busy: true });
    try {
      const data = await disableTwoFactor({ code: code.trim() });
      notify.success(successMessage(data, SUCCESS.twoFactorDisabled));
      rememberOnUser(false);
      set({ step: 'off' });
      return true;
    } catch (error: unknown) {
      notify.error(errorMessage(error, 'twoFactor'));
      return false;
    } finally {
      set({ busy: false });
    }
  },
}));
