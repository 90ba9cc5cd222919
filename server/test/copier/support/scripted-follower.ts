import type { BrokerOrder, PlaceOrderCommand } from '../../../src/brokers/types';
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
      return session;
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
