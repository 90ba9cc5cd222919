import { http } from '@synctrade/api/session';
import type { ConnectionHealth, CopyGroup } from '../types/entities';
import type { GroupMovePosition, KillSwitchPayload } from '../types/payloads';
import type { MessageResponse } from '../types/responses';
import type { CallOptions } from './call-options';

// Served by the server's `copier/` module: the trader's copy groups.

/** The trader's copy groups, first group first. */
export async function getGroups(options: CallOptions = {}): Promise<CopyGroup[]> {
  return (await http.get<CopyGroup[]>('/copier/groups', options)).data;
}
export async function createGroup(name: string): Promise<CopyGroup> {
  return (await http.post<CopyGroup>('/copier/groups', { name })).data;
}
export async function renameGroup(groupId: number, name: string): Promise<CopyGroup> {
  return (await http.put<CopyGroup>(`/copier/groups/${groupId}/name`, { name })).data;
}
export async function pauseGroup(groupId: number): Promise<CopyGroup> {
  return (await http.post<CopyGroup>(`/copier/groups/${groupId}/pause`)).data;
}
export async function resumeGroup(groupId: number): Promise<CopyGroup> {
  return (await http.post<CopyGroup>(`/copier/groups/${groupId}/resume`)).data;
}
/** Deletes a group that is not the first; its accounts stop copying and go back to the first group. */
export async function deleteGroup(groupId: number): Promise<MessageResponse> {
  return (await http.delete<MessageResponse>(`/copier/groups/${groupId}`)).data;
}
/** Each of the trader's connections as the copier holds it: its session, when the broker was last heard, its budget. */
export async function getConnectionHealth(options: CallOptions = {}): Promise<ConnectionHealth[]> {
  return (await http.get<ConnectionHealth[]>('/copier/connections/health', options)).data;
}
/** Moves an account into a group; `keep` or `align` its position to the group's leader. */
export async function moveAccountToGroup(
  groupId: number,
  accountId: number,
  position: GroupMovePosition,
): Promise<CopyGroup> {
  return (
    await http.post<CopyGroup>(`/copier/groups/${groupId}/accounts`, { account_id: accountId, position })
  ).data;
}
/** The phone kill switch: stops following, cancels working orders and flattens one group or account. */
export async function killSwitch(payload: KillSwitchPayload): Promise<MessageResponse> {
  return (await http.post<MessageResponse>('/copier/kill-switch', payload)).data;
}
