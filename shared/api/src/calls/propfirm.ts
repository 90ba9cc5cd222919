import { http } from '@synctrade/api/session';
import type {
  AccountPropRules,
  NewsEvent,
  NewsEventPayload,
  PropHeadroom,
  PropMailSettings,
  PropPresetList,
  PropRuleEdit,
  PropRules,
} from '../types/propfirm';
import type { MessageResponse } from '../types/responses';
import type { CallOptions } from './call-options';

/** Firm presets (with their sources and dates) and where the shipped news calendar ends. */
export async function getPropPresets(options: CallOptions = {}): Promise<PropPresetList> {
  return (await http.get<PropPresetList>('/propfirm/presets', options)).data;
}
/** The firm rules of one account (`rules` null: none). */
export async function getPropRules(accountId: number, options: CallOptions = {}): Promise<AccountPropRules> {
  return (await http.get<AccountPropRules>(`/propfirm/accounts/${accountId}/rules`, options)).data;
}
/** Sets every rule of one account (start from a preset's `rules` and edit). */
export async function putPropRules(accountId: number, rules: PropRules): Promise<AccountPropRules> {
  return (await http.put<AccountPropRules>(`/propfirm/accounts/${accountId}/rules`, rules)).data;
}
/** Changes one value of an account's rules (the account's memory, e.g. its high-water mark, is kept). */
export async function patchPropRule(accountId: number, edit: PropRuleEdit): Promise<AccountPropRules> {
  return (await http.patch<AccountPropRules>(`/propfirm/accounts/${accountId}/rules`, edit)).data;
}
/** Changes several values of one account's rules at once: all are kept, or none (the answer says why). */
export async function patchPropRules(accountId: number, edits: PropRuleEdit[]): Promise<AccountPropRules> {
  return (await http.patch<AccountPropRules>(`/propfirm/accounts/${accountId}/rules/values`, { edits })).data;
}
/** Removes the firm rules of one account. */
export async function deletePropRules(accountId: number): Promise<MessageResponse> {
  return (await http.delete<MessageResponse>(`/propfirm/accounts/${accountId}/rules`)).data;
}
/** Distance to each guarded account's limits, for the desk. */
export async function getPropHeadroom(options: CallOptions = {}): Promise<PropHeadroom[]> {
  return (await http.get<PropHeadroom[]>('/propfirm/headroom', options)).data;
}
/** Whether the user is e-mailed when a firm rule acts on one of their accounts. */
export async function getPropMailSettings(options: CallOptions = {}): Promise<PropMailSettings> {
  return (await http.get<PropMailSettings>('/propfirm/mail-settings', options)).data;
}
export async function putPropMailSettings(settings: PropMailSettings): Promise<PropMailSettings> {
  return (await http.put<PropMailSettings>('/propfirm/mail-settings', settings)).data;
}
/** News events the user added to the shipped calendar. */
export async function getNewsEvents(options: CallOptions = {}): Promise<NewsEvent[]> {
  return (await http.get<NewsEvent[]>('/propfirm/events', options)).data;
}
export async function addNewsEvent(payload: NewsEventPayload): Promise<NewsEvent> {
  return (await http.post<NewsEvent>('/propfirm/events', payload)).data;
}
export async function deleteNewsEvent(id: number): Promise<MessageResponse> {
  return (await http.delete<MessageResponse>(`/propfirm/events/${id}`)).data;
}
