import { useEffect } from 'react';
import { authStore } from '@synctrade/api';
import { bus } from '@synctrade/event-bus';

/** The profile remote announces edits; the top bar shows the new photo without a refetch. */
export function useProfileEvents(): void {
  useEffect(
    () =>
      bus.on('profile:changed', ({ username, photo_url }) => {
        const { user, setUser } = authStore.getState();
        if (user) setUser({ ...user, username, photo_url });
      }),
    [],
  );
}
