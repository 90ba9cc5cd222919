import {
  BrokerError,
  type AccountSnapshot,
  type BrokerAccountInfo,
  type BrokerCredentials,
  type BrokerEvent,
  type BrokerOrder,
  type BrokerPosition,
  type BrokerSession,
  type ModifyOrderCommand,
  type PlaceOrderCommand,
} from '../types';
import type { PaperVenue } from './venue';

/**
 * Commands reach the venue one microtask later, as over a wire: the caller has handed the order over
 * and goes on (e.g. to the next follower) before the venue works on it.
 */
function wire(): Promise<void> {
  return Promise.resolve();
}

/** A session on the paper venue for one sim login: its accounts, commands and events. */
export class PaperSession implements BrokerSession {
  readonly linksOco = true;
  private readonly accountIds: Set<string>;
  private readonly listeners = new Set<(event: BrokerEvent) => void>();
  private readonly unsubscribers: Array<() => void> = [];
  private closed = false;

  constructor(
    private readonly venue: PaperVenue,
    accountIds: readonly string[],
    private readonly credentials: BrokerCredentials,
  ) {
    this.accountIds = new Set(accountIds);
  }

  /** The paper venue runs in this process: it is heard for as long as the session is open. */
  lastHeardAt(): number | null {
    return this.closed ? null : Date.now();
  }

  async listAccounts(): Promise<BrokerAccountInfo[]> {
    return this.answer(() =>
      [...this.accountIds].map((id) => {
        const account = this.venue.account(id);
        return {
          externalId: id,
          name: account.name,
          currency: 'USD',
          currencySymbol: '$',
          cashBalance: this.venue.snapshot(id).cashBalance,
          active: true,
        };
      }),
    );
  }

  async positions(): Promise<BrokerPosition[]> {
    return this.answer(() => this.venue.positions([...this.accountIds]));
  }

  async workingOrders(): Promise<BrokerOrder[]> {
    return this.answer(() => this.venue.workingOrders([...this.accountIds]));
  }

  async accountSnapshots(): Promise<AccountSnapshot[]> {
    return this.answer(() => [...this.accountIds].map((id) => this.venue.snapshot(id)));
  }

  async findOrderByClientId(accountExternalId: string, clientOrderId: string): Promise<BrokerOrder | null> {
    this.own(accountExternalId);
    return this.answer(() => this.venue.findByClientId(accountExternalId, clientOrderId));
  }

  async placeOrder(command: PlaceOrderCommand): Promise<BrokerOrder> {
    await wire();
    this.own(command.accountExternalId);
    return this.answer(() => this.venue.place(command));
  }

  async modifyOrder(command: ModifyOrderCommand): Promise<void> {
    await wire();
    this.own(command.accountExternalId);
    return this.answer(() => this.venue.modify(command));
  }

  async cancelOrder(accountExternalId: string, orderId: string): Promise<void> {
    await wire();
    this.own(accountExternalId);
    return this.answer(() => this.venue.cancel(accountExternalId, orderId));
  }

  async flatten(accountExternalId: string, symbol?: string): Promise<void> {
    await wire();
    this.own(accountExternalId);
    return this.answer(() => this.venue.flatten(accountExternalId, symbol));
  }

  subscribe(listener: (event: BrokerEvent) => void): () => void {
    this.listeners.add(listener);
    const off = this.venue.hub.listen([...this.accountIds], listener);
    this.unsubscribers.push(off);
    return () => {
      this.listeners.delete(listener);
      off();
    };
  }

  /** Tests: the feed drops (`up: false`) and later comes back (`up: true`), as a socket would. */
  signalConnection(up: boolean, reason?: string): void {
    for (const listener of this.listeners)
      listener({ kind: 'connection', up, ...(reason === undefined ? {} : { reason }) });
  }

  currentCredentials(): BrokerCredentials {
    return this.credentials;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const off of this.unsubscribers.splice(0)) off();
    this.listeners.clear();
  }

  /**
   * Runs a command or a read on the venue and answers (or throws) only once the venue's ledger holds every
   * change made so far, this command's included: what a client was told survives a crash.
   */
  private async answer<T>(work: () => T): Promise<T> {
    let result: T;
    try {
      result = work();
    } catch (error: unknown) {
      const stored = this.venue.stored();
      if (stored !== null) await stored;
      throw error;
    }
    // A venue without a ledger answers with no extra turn, as before (the engine's tests time nothing on it).
    const stored = this.venue.stored();
    if (stored !== null) await stored;
    return result;
  }

  private own(accountExternalId: string): void {
    if (this.closed) throw new BrokerError('Session closed', 'unavailable');
    if (!this.accountIds.has(accountExternalId))
      throw new BrokerError(`Unknown account ${accountExternalId}`, 'not_found');
  }
}
