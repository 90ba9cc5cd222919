import type { BrokerEvent, BrokerOrder, PlaceOrderCommand } from '../../../src/brokers/types';
import type { Harness } from './harness';

type Place = (command: PlaceOrderCommand) => Promise<BrokerOrder>;
type Find = () => Promise<BrokerOrder | null>;

/**
 * Scripts the broker's answers for one follower: each order sent to it (and each look-up by client order id)
 * takes the next scripted answer, then the paper venue answers as usual. Everything else on the session is
 * the venue's. Install before `start`.
 */
export class ScriptedFollower {
  /** Every order the engine sent to this follower, in order, with the time it was sent. */
  readonly commands: Array<PlaceOrderCommand & { at: number }> = [];
  readonly places: Array<(command: PlaceOrderCommand, place: Place) => Promise<BrokerOrder>> = [];
  readonly finds: Array<(find: Find) => Promise<BrokerOrder | null>> = [];
  lookUps = 0;
  /** The feed tells this follower's fills only after the order event that ends their order (some brokers do). */
  fillsAfterOrders = false;
  /** The feed tells nothing of this follower (its events are missed). */
  deaf = false;

  constructor(h: Harness, accountId: number) {
    const externalId = h.directory.account(accountId).externalId;
    const open = h.directory.openSession.bind(h.directory);
    h.directory.openSession = async (connectionId) => {
      const session = await open(connectionId);
      const place = session.placeOrder.bind(session);
      const find = session.findOrderByClientId.bind(session);
      session.placeOrder = async (command) => {
        if (command.accountExternalId !== externalId) return place(command);
        this.commands.push({ ...command, at: Date.now() });
        const step = this.places.shift();
        return step === undefined ? place(command) : step(command, place);
      };
      session.findOrderByClientId = async (account, clientOrderId) => {
        if (account !== externalId) return find(account, clientOrderId);
        this.lookUps += 1;
        const step = this.finds.shift();
        const real = (): Promise<BrokerOrder | null> => find(account, clientOrderId);
        return step === undefined ? real() : step(real);
      };
      const subscribe = session.subscribe.bind(session);
      session.subscribe = (listener) => subscribe(this.reorder(externalId, listener));
      return session;
    };
  }

  private reorder(externalId: string, listener: (event: BrokerEvent) => void): (event: BrokerEvent) => void {
    const held: BrokerEvent[] = [];
    return (event) => {
      if (this.deaf && ownEvent(event, externalId)) return;
      if (this.fillsAfterOrders && event.kind === 'fill' && event.accountExternalId === externalId) {
        held.push(event);
        return;
      }
      listener(event);
      const ended =
        event.kind === 'order' &&
        event.order.accountExternalId === externalId &&
        ['Filled', 'Canceled', 'Rejected'].includes(event.order.status);
      if (ended) for (const fill of held.splice(0)) listener(fill);
    };
  }
}

/** Waits until `condition` holds (checked on every turn of the timers); fails after `limitMs`. */
export async function until(condition: () => boolean, limitMs = 10_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('The condition never held');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function ownEvent(event: BrokerEvent, externalId: string): boolean {
  switch (event.kind) {
    case 'fill':
      return event.accountExternalId === externalId;
    case 'order':
      return event.order.accountExternalId === externalId;
    case 'position':
      return event.position.accountExternalId === externalId;
    case 'account':
      return event.account.accountExternalId === externalId;
    default:
      return false;
  }
}
