import { http } from '@synctrade/api/session';
import type { TicketOrderPayload } from '../types/payloads';
import type { MessageResponse } from '../types/responses';

// Served by the server's `paper/` module: the built-in paper broker's HTTP surface.

/** The order ticket of the built-in paper broker. */
export async function placeTicketOrder(payload: TicketOrderPayload): Promise<MessageResponse> {
  return (await http.post<MessageResponse>('/sim/orders', payload)).data;
}
