import { useState } from 'react';
import { authStore, errorMessage, logout, SUCCESS, successMessage } from '@synctrade/api';
import { notify } from '@synctrade/ui';

/** Logs out on the server first; the token is removed only after that succeeds (spec section 4). */
export function useLogout(): { logout(): Promise<void>; pending: boolean } {
  const [pending, setPending] = useState(false);
  return {
    pending,
    logout: async () => {
      setPending(true);
      try {
        const answer = await logout();
        notify.success(successMessage(answer, SUCCESS.logout));
        authStore.getState().signOut('user');
      } catch (error: unknown) {
        notify.error(errorMessage(error, 'logout'));
      } finally {
        setPending(false);
      }
    },
  };
}
