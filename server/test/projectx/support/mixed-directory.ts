import type { BrokerAdapter, BrokerCredentials, BrokerSession } from '../../../src/brokers/types';
import type { AccountDirectory } from '../../../src/copier/engine/ports';
import type { EngineAccount } from '../../../src/copier/engine/types';

/** One `placeOrder` the engine handed to an adapter, with the engine's own view of the account then. */
export interface PlaceCall {
  accountExternalId: string;
  clientOrderId: string;
  following: boolean;
}

/**
 * Accounts in memory, connections on several brokers (each with its adapter and credentials), and every
 * order the engine hands to any session noted with whether the engine then held the account a follower.
 */
export class MixedDirectory implements AccountDirectory {
  readonly accounts: EngineAccount[] = [];
  readonly calls: PlaceCall[] = [];
  private readonly connections = new Map<
    number,
    { adapter: BrokerAdapter; credentials: BrokerCredentials }
  >();
  engineView: (accountExternalId: string) => EngineAccount | undefined = () => undefined;

  addConnection(connectionId: number, adapter: BrokerAdapter, credentials: BrokerCredentials): void {
    this.connections.set(connectionId, { adapter, credentials });
  }

  account(id: number): EngineAccount {
    const account = this.accounts.find((candidate) => candidate.id === id);
    if (account === undefined) throw new Error(`No account ${id}`);
    return account;
  }

  async loadUser(userId: number): Promise<EngineAccount[]> {
    return this.accounts.filter((a) => a.userId === userId).map((a) => ({ ...a, risk: { ...a.risk } }));
  }

  async activeUsers(): Promise<number[]> {
    return [...new Set(this.accounts.map((account) => account.userId))];
  }

  async openSession(connectionId: number): Promise<BrokerSession> {
    const connection = this.connections.get(connectionId);
    if (connection === undefined) throw new Error(`No connection ${connectionId}`);
    const session = await connection.adapter.openSession({
      connectionId,
      environment: 'demo',
      credentials: connection.credentials,
      // The renewed token is what the next session must use, as the server stores it.
      onCredentialsRenewed: (renewed) => (connection.credentials = renewed),
    });
    const recorded = Object.create(session) as BrokerSession;
    recorded.placeOrder = (command) => {
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

  budgetOf(connectionId: number): { brokerUser: string; perMinute: number } {
    const connection = this.connections.get(connectionId);
    return {
      brokerUser: `${connection?.adapter.id ?? ''}|${connection?.credentials.brokerUserId ?? connectionId}`,
      perMinute: connection?.adapter.requestsPerMinute ?? 60,
    };
  }

  async storeHeldByHand(): Promise<void> {
    // Nothing restarts in the mixed-broker property test: the engine's memory is enough.
  }

  async stopFollowing(accountId: number): Promise<void> {
    this.account(accountId).isFollower = false;
  }
}
