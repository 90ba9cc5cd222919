import { http } from '@synctrade/api/session';
import type {
  AccountSummary,
  Broker,
  BrokerId,
  Connection,
  ConnectionDetails,
  SyncAccount,
} from '../types/entities';
import type { ApiKeyConnectPayload, ConnectQuery, FlattenPayload } from '../types/payloads';
import type { ApiKeyConnectResponse, ConnectResponse, MessageResponse } from '../types/responses';

interface CallOptions {
  signal?: AbortSignal;
}

/** Every broker the server knows, with whether it can be connected yet. */
export async function listBrokers(options: CallOptions = {}): Promise<Broker[]> {
  return (await http.get<Broker[]>('/brokers', options)).data;
}
/** Starts the connect flow: the answer's `url` is where the whole window goes. */
export async function connectBroker(broker: BrokerId, query: ConnectQuery): Promise<ConnectResponse> {
  return (await http.get<ConnectResponse>(`/brokers/${broker}/connect`, { params: query })).data;
}
/** Connects a broker that signs in with a user name and API key (ProjectX): checked by the server, then stored. */
export async function connectBrokerWithKey(
  broker: BrokerId,
  payload: ApiKeyConnectPayload,
): Promise<ApiKeyConnectResponse> {
  return (await http.post<ApiKeyConnectResponse>(`/brokers/${broker}/connect-key`, payload)).data;
}
export async function listConnections(options: CallOptions = {}): Promise<Connection[]> {
  return (await http.get<Connection[]>('/brokers/connections', options)).data;
}
export async function getConnectionDetails(
  id: number,
  options: CallOptions = {},
): Promise<ConnectionDetails> {
  return (await http.get<ConnectionDetails>(`/brokers/connections/${id}/account-info`, options)).data;
}
export async function deleteConnection(id: number): Promise<MessageResponse> {
  return (await http.delete<MessageResponse>(`/brokers/connections/${id}`)).data;
}
export async function setConnectionEnabled(id: number, enabled: boolean): Promise<MessageResponse> {
  return (await http.put<MessageResponse>(`/brokers/connections/${id}/${enabled ? 'enable' : 'disable'}`))
    .data;
}
export async function setAllAccountsEnabled(
  connectionId: number,
  enabled: boolean,
): Promise<MessageResponse> {
  const param = enabled ? 'enable-all' : 'disable-all';
  return (await http.put<MessageResponse>(`/brokers/connections/${connectionId}/accounts/${param}`)).data;
}
export async function setAccountEnabled(id: number, enabled: boolean): Promise<MessageResponse> {
  return (await http.put<MessageResponse>(`/brokers/accounts/${id}/${enabled ? 'enable' : 'disable'}`)).data;
}
/** The Sync Desk table. */
export async function getSyncAccounts(options: CallOptions = {}): Promise<SyncAccount[]> {
  return (await http.get<SyncAccount[]>('/brokers/accounts/table', options)).data;
}
export async function listAccounts(options: CallOptions = {}): Promise<AccountSummary[]> {
  return (await http.get<AccountSummary[]>('/brokers/accounts', options)).data;
}
/** Closes positions and cancels working orders of the given accounts (one or all). */
export async function flattenPositions(accountIds: FlattenPayload): Promise<MessageResponse> {
  return (await http.post<MessageResponse>('/brokers/accounts/flatten-positions', accountIds)).data;
}
