import {
  BrokerError,
  type BrokerEvent,
  type BrokerSession,
  type ModifyOrderCommand,
  type PlaceOrderCommand,
} from '../brokers/types';

/** Told whether the node surely holds the group's lease right now. */
export type LeaseCheck = () => boolean;

const LOST = 'This server node no longer owns the copy group: nothing is sent from here';

/**
 * A broker session of a copy group owned through a lease: every command that changes something at the broker
 * checks the lease right before it goes (with the keeper's margin), so a node that lost its lease (paused,
 * cut off from the database) sends nothing while the next owner may already be starting. Reads pass through.
 */
export class FencedSession implements BrokerSession {
  constructor(
    private readonly inner: BrokerSession,
    private readonly owns: LeaseCheck,
    private readonly onClose: () => Promise<void>,
  ) {}

  get linksOco(): boolean {
    return this.inner.linksOco === true;
  }

  listAccounts(): ReturnType<BrokerSession['listAccounts']> {
    return this.inner.listAccounts();
  }

  positions(): ReturnType<BrokerSession['positions']> {
    return this.inner.positions();
  }

  workingOrders(): ReturnType<BrokerSession['workingOrders']> {
    return this.inner.workingOrders();
  }

  accountSnapshots(): ReturnType<BrokerSession['accountSnapshots']> {
    return this.inner.accountSnapshots();
  }

  findOrderByClientId(
    accountExternalId: string,
    clientOrderId: string,
  ): ReturnType<BrokerSession['findOrderByClientId']> {
    return this.inner.findOrderByClientId(accountExternalId, clientOrderId);
  }

  // The command methods are async so a refusal is a rejected promise, as from a broker, never a throw.
  async placeOrder(command: PlaceOrderCommand): ReturnType<BrokerSession['placeOrder']> {
    this.check();
    return this.inner.placeOrder(command);
  }

  async modifyOrder(command: ModifyOrderCommand): Promise<void> {
    this.check();
    return this.inner.modifyOrder(command);
  }

  async cancelOrder(accountExternalId: string, orderId: string): Promise<void> {
    this.check();
    return this.inner.cancelOrder(accountExternalId, orderId);
  }

  async flatten(accountExternalId: string, symbol?: string): Promise<void> {
    this.check();
    return this.inner.flatten(accountExternalId, symbol);
  }

  subscribe(listener: (event: BrokerEvent) => void): () => void {
    return this.inner.subscribe(listener);
  }

  currentCredentials(): ReturnType<BrokerSession['currentCredentials']> {
    return this.inner.currentCredentials();
  }

  async close(): Promise<void> {
    try {
      await this.inner.close();
    } finally {
      await this.onClose();
    }
  }

  private check(): void {
    // Thrown before the command starts: the engine records it as not sent, never as uncertain.
    if (!this.owns()) throw new BrokerError(LOST, 'rejected');
  }
}
