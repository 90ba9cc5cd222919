import { http } from '@synctrade/api/session';
import type { CopySettings } from '../types/entities';
import type { CopySettingsPayload } from '../types/payloads';
import type { CallOptions } from './call-options';

// Served by the server's `copier/` module: a follower's copy settings beyond ratio and Cross.

export async function getCopySettings(accountId: number, options: CallOptions = {}): Promise<CopySettings> {
  return (await http.get<CopySettings>(`/copier/accounts/${accountId}/copy-settings`, options)).data;
}
/** A field left out keeps its value. */
export async function updateCopySettings(
  accountId: number,
  payload: CopySettingsPayload,
): Promise<CopySettings> {
  return (await http.put<CopySettings>(`/copier/accounts/${accountId}/copy-settings`, payload)).data;
}
