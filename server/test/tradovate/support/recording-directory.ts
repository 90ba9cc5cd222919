import type { BrokerSession } from '../../../src/brokers/types';
import { MemoryDirectory } from '../../../src/copier/engine/memory-directory';
import type { EngineAccount } from '../../../src/copier/engine/types';

/** One order the engine handed to the adapter, and whether the engine itself then held it a follower's. */
export interface PlaceCall {
  accountExternalId: string;
  clientOrderId: string;
  /** The engine's own view at that moment: the account enabled and following. */
  following: boolean;
}

/**
 * The in-memory directory, with every session it opens noting each `placeOrder` the engine makes, with the
 * engine's current view of the account: the moment the engine decided to send, which the broker's record
 * cannot tell apart from an answer still in flight.
 */
export class RecordingDirectory extends MemoryDirectory {
  readonly calls: PlaceCall[] = [];
  /** Every `reauth_required` a session emitted: a user asked to reconnect Tradovate. */
  readonly reauths: string[] = [];
  /** The engine's current account for a broker account id (set by whoever runs the engine). */
  engineView: (externalId: string) => EngineAccount | undefined = () => undefined;

  override async openSession(connectionId: number): Promise<BrokerSession> {
    const session = await super.openSession(connectionId);
    session.subscribe((event) => {
      if (event.kind === 'reauth_required') this.reauths.push(`connection ${connectionId}: ${event.reason}`);
    });
    const recorded: BrokerSession = Object.create(session) as BrokerSession;
    // The server stores renewed credentials; so does this directory, or a restarted engine would open its
    // sessions with tokens that expired meanwhile (the rig's tokens live seconds).
    const keep = (): void => this.addConnection(connectionId, session.currentCredentials());
    // As often as the server would store them on `onCredentialsRenewed` (this directory does not pass it).
    const keeping = setInterval(keep, 100);
    recorded.close = async () => {
      clearInterval(keeping);
      keep();
      await session.close();
    };
    recorded.placeOrder = (command) => {
      keep();
      const account = this.engineView(command.accountExternalId);
      this.calls.push({
        accountExternalId: command.accountExternalId,
        clientOrderId: command.clientOrderId,
        following: account !== undefined && account.enabled && account.isFollower,
      });
      return session.placeOrder(command);
    };
    return recorded;
  }
}
