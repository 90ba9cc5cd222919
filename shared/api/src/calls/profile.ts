import { http } from '@synctrade/api/session';
import type { Profile } from '../types/entities';
import type { ProfileUpdatePayload } from '../types/payloads';
import type { CallOptions } from './call-options';

// Served by the server's `profile/` module (its URLs are under `/auth/profile`).

export async function getProfile(options: CallOptions = {}): Promise<Profile> {
  return (await http.get<Profile>('/auth/profile', options)).data;
}
export async function updateProfile(payload: ProfileUpdatePayload): Promise<Profile> {
  return (await http.put<Profile>('/auth/profile', payload)).data;
}
/** Sends a JPG or PNG as multipart field `photo`; answers the updated profile. */
export async function uploadProfilePhoto(file: Blob, filename: string): Promise<Profile> {
  const form = new FormData();
  form.append('photo', file, filename);
  return (await http.post<Profile>('/auth/profile/photo', form)).data;
}
