import { http } from '@synctrade/api/session';
import type { DayJournal, HistoryData, OrderData, RiskSettings, SyncAccount } from '../types/entities';
import type {
  DateRangeQuery,
  FlattenPayload,
  HistoryQuery,
  ImportTradesPayload,
  RiskSettingsPayload,
} from '../types/payloads';
import type { ImportResult, MessageResponse } from '../types/responses';
import type { LeaderChangeFollowers, LeaderChangePayload, WorkingOrder } from '../types/desk-actions';
import type { CallOptions } from './call-options';

// Served by the server's `copier/` module: the Sync Desk (its table and flatten are under `/brokers/accounts`), roles, risk, orders and history.

/** The Sync Desk table. */
export async function getSyncAccounts(options: CallOptions = {}): Promise<SyncAccount[]> {
  return (await http.get<SyncAccount[]>('/brokers/accounts/table', options)).data;
}
/** Closes positions and cancels working orders of the given accounts (one or all). */
export async function flattenPositions(accountIds: FlattenPayload): Promise<MessageResponse> {
  return (await http.post<MessageResponse>('/brokers/accounts/flatten-positions', accountIds)).data;
}
const groupParams = (groupId?: number): { params?: { groupId: string } } =>
  groupId === undefined ? {} : { params: { groupId: String(groupId) } };

/** Orders working at the brokers on the user's accounts (or one group's). */
export async function getWorkingOrders(options: CallOptions = {}, groupId?: number): Promise<WorkingOrder[]> {
  return (await http.get<WorkingOrder[]>('/copier/orders/working', { ...options, ...groupParams(groupId) }))
    .data;
}
/** Cancels the working orders of every account of the user (or of one group's). */
export async function cancelAllOrders(groupId?: number): Promise<MessageResponse> {
  return (await http.post<MessageResponse>('/copier/orders/cancel-all', undefined, groupParams(groupId)))
    .data;
}
/** Makes the account the leader; `followers` says what happens to the followers' positions (see LeaderChangeFollowers). */
export async function setMaster(
  accountId: number,
  followers?: LeaderChangeFollowers,
): Promise<MessageResponse> {
  const body: LeaderChangePayload | undefined = followers === undefined ? undefined : { followers };
  return (await http.put<MessageResponse>(`/copier/accounts/${accountId}/master`, body)).data;
}
/** Toggles follow on the account. */
export async function toggleFollower(accountId: number): Promise<MessageResponse> {
  return (await http.put<MessageResponse>(`/copier/accounts/${accountId}/follower`)).data;
}
export async function setRatio(accountId: number, ratio: number): Promise<MessageResponse> {
  return (await http.put<MessageResponse>(`/copier/accounts/${accountId}/ratio`, { ratio })).data;
}
export async function setCross(accountId: number, cross: boolean): Promise<MessageResponse> {
  return (await http.put<MessageResponse>(`/copier/accounts/${accountId}/cross`, { cross })).data;
}
export async function getRiskSettings(accountId: number, options: CallOptions = {}): Promise<RiskSettings> {
  return (await http.get<RiskSettings>(`/copier/accounts/${accountId}/risk`, options)).data;
}
export async function updateRiskSettings(
  accountId: number,
  payload: RiskSettingsPayload,
): Promise<RiskSettings> {
  return (await http.put<RiskSettings>(`/copier/accounts/${accountId}/risk`, payload)).data;
}
/** Brings an out-of-sync follower back to leader × ratio. */
export async function syncFollower(accountId: number): Promise<MessageResponse> {
  return (await http.post<MessageResponse>(`/copier/accounts/${accountId}/sync`)).data;
}
/** Disables the followers of one group (the trader's first group when none is named). */
export async function disableAllFollowers(groupId?: number): Promise<MessageResponse> {
  const url = '/copier/followers/disable-all';
  if (groupId === undefined) return (await http.put<MessageResponse>(url)).data;
  return (await http.put<MessageResponse>(url, undefined, { params: { groupId: String(groupId) } })).data;
}
/** `id` is the user id (spec section 7). */
export async function getOrderData(userId: number, options: CallOptions = {}): Promise<OrderData> {
  return (await http.get<OrderData>(`/copier/order-data/${userId}`, options)).data;
}
/** `id` is the user id; dates are `YYYY-MM-DD`, inclusive. */
export async function getTradeHistory(
  userId: number,
  query: HistoryQuery = {},
  options: CallOptions = {},
): Promise<HistoryData> {
  return (await http.get<HistoryData>(`/copier/trade-history/${userId}`, { ...options, params: query })).data;
}
export async function importTrades(payload: ImportTradesPayload): Promise<ImportResult> {
  return (await http.post<ImportResult>('/copier/trade-history/import', payload)).data;
}
export async function saveTradeJournal(tradeId: number, journal: string): Promise<MessageResponse> {
  return (await http.put<MessageResponse>(`/copier/trade-history/trades/${tradeId}/journal`, { journal }))
    .data;
}
export async function getDayJournals(query: DateRangeQuery = {}): Promise<DayJournal[]> {
  return (await http.get<DayJournal[]>('/copier/journal/days', { params: query })).data;
}
export async function saveDayJournal(date: string, note: string): Promise<MessageResponse> {
  return (await http.put<MessageResponse>(`/copier/journal/days/${date}`, { note })).data;
}
