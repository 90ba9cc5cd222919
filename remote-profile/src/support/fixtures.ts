import type { Profile } from '@synctrade/api';
import { authStore } from '@synctrade/api';
import { ProfileSchema } from '@synctrade/api/schemas';
import { serverShaped } from '@synctrade/test-utils';
import { useAlertsStore } from '../features/alerts/store/alerts-store';
import { useRuleMailStore } from '../features/notifications/store/rule-mail-store';
import { useProfileStore } from '../features/profile/store/profile-store';
import { usePasswordStore } from '../features/security/store/password-store';
import { useTwoFactorStore } from '../features/security/store/two-factor-store';

export function buildProfile(overrides: Partial<Profile> = {}): Profile {
  return serverShaped(ProfileSchema, {
    id: 1,
    username: 'joe',
    email: 'joe@example.com',
    first_name: 'Joe',
    last_name: 'Trader',
    bio: 'Scalping ES',
    photo_url: null,
    two_factor_enabled: false,
    ...overrides,
  });
}

/** Zustand stores live for the whole test file: start every test from their initial state. */
export function resetStores(): void {
  useProfileStore.setState(useProfileStore.getInitialState(), true);
  usePasswordStore.setState(usePasswordStore.getInitialState(), true);
  useTwoFactorStore.setState(useTwoFactorStore.getInitialState(), true);
  useRuleMailStore.setState(useRuleMailStore.getInitialState(), true);
  useAlertsStore.setState(useAlertsStore.getInitialState(), true);
  authStore.setState({ user: null, loading: false });
}

/** A picked file of the given name, type and size (the bytes are not read). */
export function fakeFile(name: string, type: string, size = 1024): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
