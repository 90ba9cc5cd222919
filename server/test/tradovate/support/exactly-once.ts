import { BrokerError, type BrokerSession, type PlaceOrderCommand } from '../../../src/brokers/types';
import { sleep } from './world';

/**
 * The caller's side of "exactly once" (what the copy engine does): retry rate limits at retryAt, and after
 * an uncertain answer look the order up by client id before sending again.
 */
export async function placeExactlyOnce(
  session: BrokerSession,
  command: PlaceOrderCommand,
  attempts = 8,
): Promise<string> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    try {
      return (await session.placeOrder(command)).orderId;
    } catch (error: unknown) {
      if (!(error instanceof BrokerError)) throw error;
      if (error.code === 'rate_limited')
        await sleep(Math.min(2_000, (error.retryAt ?? Date.now()) - Date.now()));
      else if (error.code === 'uncertain') {
        const found = await lookUp(session, command);
        if (found) return found;
      } else throw error;
    }
  }
  throw new Error(`Could not place ${command.clientOrderId}`);
}

async function lookUp(session: BrokerSession, command: PlaceOrderCommand): Promise<string | null> {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    try {
      return (
        (await session.findOrderByClientId(command.accountExternalId, command.clientOrderId))?.orderId ?? null
      );
    } catch (error: unknown) {
      if (error instanceof BrokerError && error.code === 'rate_limited')
        await sleep(Math.min(2_000, (error.retryAt ?? Date.now()) - Date.now()));
      else throw error;
    }
  }
  throw new Error(`Could not look up ${command.clientOrderId}`);
}

/** Cancels until the broker confirms, or the order is no longer working (a cancel that went through). */
export async function cancelSurely(
  session: BrokerSession,
  accountExternalId: string,
  orderId: string,
): Promise<void> {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    try {
      return await session.cancelOrder(accountExternalId, orderId);
    } catch (error: unknown) {
      if (!(error instanceof BrokerError)) throw error;
      if (error.code === 'rate_limited')
        await sleep(Math.min(2_000, (error.retryAt ?? Date.now()) - Date.now()));
      else if (error.code === 'rejected' && /cannot be canceled/.test(error.message)) return;
      else if (error.code !== 'uncertain') throw error;
    }
  }
  throw new Error(`Could not cancel ${orderId}`);
}
