import { create } from 'zustand';
import {
  authStore,
  changePassword,
  CLIENT_MESSAGE,
  errorMessage,
  SUCCESS,
  type PasswordChangePayload,
} from '@synctrade/api';
import { notify } from '@synctrade/ui';

export interface PasswordState {
  changing: boolean;
  /** True when the password changed; the caller then leaves for /login. */
  change(values: PasswordChangePayload): Promise<boolean>;
}

export const usePasswordStore = create<PasswordState>()((set) => ({
  changing: false,

  async change(values) {
    // The spec's only client rule for this form.
    if (values.new_password !== values.confirmPassword) {
      notify.error(CLIENT_MESSAGE.newPasswordsMismatch);
      return false;
    }
    authStore.getState().setLoading(true);
    set({ changing: true });
    try {
      await changePassword(values);
      // The spec's screen text, not the server's message; it stays visible on the sign-in page.
      notify.success(SUCCESS.passwordChanged);
      authStore.getState().signOut('password-changed');
      return true;
    } catch (error: unknown) {
      notify.error(errorMessage(error, 'changePassword'));
      return false;
    } finally {
      authStore.getState().setLoading(false);
      set({ changing: false });
    }
  },
}));
