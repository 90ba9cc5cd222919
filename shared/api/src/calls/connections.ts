import { http } from '@synctrade/api/session';
import type { AccountSummary, Broker, BrokerId, Connection, ConnectionDetails } from '../types/entities';
import type { ApiKeyConnectPayload, ConnectQuery, LoginConnectPayload } from '../types/payloads';
import type {
  ApiKeyConnectResponse,
  BrokerGateway,
  ConnectResponse,
  GatewaySystemsResponse,
  MessageResponse,
} from '../types/responses';
import type { CallOptions } from './call-options';

// Served by the server's `connections/` module: brokers, the connect flow, connections and accounts.

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
/** The gateways of a broker that signs in with a password (Rithmic): names and environments, never addresses. */
export async function listBrokerGateways(
  broker: BrokerId,
  options: CallOptions = {},
): Promise<BrokerGateway[]> {
  return (await http.get<BrokerGateway[]>(`/brokers/${broker}/gateways`, options)).data;
}
/** The systems a gateway lists (Rithmic's system info), asked by the server before any sign-in. */
export async function listGatewaySystems(
  broker: BrokerId,
  gateway: string,
  options: CallOptions = {},
): Promise<GatewaySystemsResponse> {
  return (
    await http.get<GatewaySystemsResponse>(`/brokers/${broker}/systems`, { ...options, params: { gateway } })
  ).data;
}
/** Connects a broker that signs in with a user name and password (Rithmic): checked by the server, then stored. */
export async function connectBrokerWithLogin(
  broker: BrokerId,
  payload: LoginConnectPayload,
): Promise<ApiKeyConnectResponse> {
  return (await http.post<ApiKeyConnectResponse>(`/brokers/${broker}/connect-login`, payload)).data;
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
export async function listAccounts(options: CallOptions = {}): Promise<AccountSummary[]> {
  return (await http.get<AccountSummary[]>('/brokers/accounts', options)).data;
}
