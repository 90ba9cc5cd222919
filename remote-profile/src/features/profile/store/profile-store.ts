import { create } from 'zustand';
import {
  authStore,
  errorMessage,
  getProfile,
  isCanceled,
  latestSignal,
  successMessage,
  SUCCESS,
  updateProfile,
  uploadProfilePhoto,
  type Profile,
  type ProfileUpdatePayload,
} from '@synctrade/api';
import { photoProblem } from '@synctrade/api/validation';
import { bus } from '@synctrade/event-bus';
import { notify } from '@synctrade/ui';

export type LoadStatus = 'idle' | 'loading' | 'success' | 'error';

export interface ProfileState {
  profile: Profile | null;
  status: LoadStatus;
  error: string | null;
  saving: boolean;
  uploading: boolean;
  load(): Promise<void>;
  /** True when the server accepted the change. */
  save(values: ProfileUpdatePayload): Promise<boolean>;
  /** Checks the file first (type, 20 MB); answers the problem shown to the user, or null. */
  uploadPhoto(file: File): Promise<string | null>;
}

/** The shell's top bar and the auth slice show the same user as this page. */
function publish(profile: Profile): void {
  authStore.getState().setUser(profile);
  bus.emit('profile:changed', { username: profile.username, photo_url: profile.photo_url });
}

export const useProfileStore = create<ProfileState>()((set) => ({
  profile: null,
  status: 'idle',
  error: null,
  saving: false,
  uploading: false,

  async load() {
    const signal = latestSignal('profile');
    set({ status: 'loading', error: null });
    try {
      const profile = await getProfile({ signal });
      set({ profile, status: 'success' });
    } catch (error: unknown) {
      if (isCanceled(error)) return;
      const message = errorMessage(error, 'profileLoad');
      set({ status: 'error', error: message });
      notify.error(message);
    }
  },

  async save(values) {
    // The spec's loading flag (auth slice) is set on profile update and cleared on success and failure.
    authStore.getState().setLoading(true);
    set({ saving: true });
    try {
      const profile = await updateProfile(values);
      set({ profile });
      publish(profile);
      notify.success(successMessage(profile, SUCCESS.profileUpdate));
      return true;
    } catch (error: unknown) {
      notify.error(errorMessage(error, 'profileUpdate'));
      return false;
    } finally {
      authStore.getState().setLoading(false);
      set({ saving: false });
    }
  },

  async uploadPhoto(file) {
    const problem = photoProblem(file);
    if (problem) {
      notify.error(problem);
      return problem;
    }
    set({ uploading: true });
    try {
      const profile = await uploadProfilePhoto(file, file.name);
      set({ profile });
      publish(profile);
      notify.success(successMessage(profile, SUCCESS.photo));
      return null;
    } catch (error: unknown) {
      const message = errorMessage(error, 'photo');
      notify.error(message);
      return message;
    } finally {
      set({ uploading: false });
    }
  },
}));
