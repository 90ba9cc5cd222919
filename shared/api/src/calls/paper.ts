import { http } from '@synctrade/api/session';
import type { TicketCancelPayload, TicketChangePayload, TicketOrderPayload } from '../types/payloads';
import type { PaperLedger } from '../types/entities';
import type { MessageResponse } from '../types/responses';

// Served by the server's `paper/` module: the built-in paper broker's HTTP surface.

/** The order ticket of the built-in paper broker. */
export async function placeTicketOrder(payload: TicketOrderPayload): Promise<MessageResponse> {
  return (await http.post<MessageResponse>('/sim/orders', payload)).data;
}

/** New prices of a working paper order (a stop moved to break-even, a target moved). */
export async function changeTicketOrder(
  orderId: string,
  payload: TicketChangePayload,
): Promise<MessageResponse> {
  return (await http.patch<MessageResponse>(`/sim/orders/${encodeURIComponent(orderId)}`, payload)).data;
}

/** Cancels a working paper order. */
export async function cancelTicketOrder(
  orderId: string,
  payload: TicketCancelPayload,
): Promise<MessageResponse> {
  return (await http.post<MessageResponse>(`/sim/orders/${encodeURIComponent(orderId)}/cancel`, payload))
    .data;
}

/** A paper account's positions and working orders (the ticket's list of working orders). */
export async function getPaperLedger(accountId: number): Promise<PaperLedger> {
  return (await http.get<PaperLedger>(`/sim/accounts/${accountId}/ledger`)).data;
}
