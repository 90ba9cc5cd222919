import type { BrokerAdapter, BrokerCredentials, BrokerSession } from '../../brokers/types';
import type { AccountDirectory } from './ports';
import type { EngineAccount } from './types';
import { stopFollower } from './state';

/** Accounts and connections in memory (property tests, bench), sessions from a real adapter. */
export class MemoryDirectory implements AccountDirectory {
  readonly accounts: EngineAccount[] = [];
  readonly heldByHand = new Map<number, readonly string[]>();
  private readonly connections = new Map<number, BrokerCredentials>();

  constructor(
    private readonly adapter: BrokerAdapter,
    private readonly requestsPerMinute = adapter.requestsPerMinute,
  ) {}

  addConnection(connectionId: number, credentials: BrokerCredentials): void {
    this.connections.set(connectionId, credentials);
  }

  account(id: number): EngineAccount {
    const account = this.accounts.find((candidate) => candidate.id === id);
    if (account === undefined) throw new Error(`No account ${id}`);
    return account;
  }

  async loadUser(userId: number): Promise<EngineAccount[]> {
    return this.accounts
      .filter((account) => account.userId === userId)
      .map((account) => ({
        ...account,
        risk: { ...account.risk },
        heldByHand: this.heldByHand.get(account.id) ?? [],
      }));
  }

  async activeUsers(): Promise<number[]> {
    return [...new Set(this.accounts.map((account) => account.userId))];
  }

  async openSession(connectionId: number): Promise<BrokerSession> {
    const credentials = this.connections.get(connectionId);
    if (credentials === undefined) throw new Error(`No connection ${connectionId}`);
    return this.adapter.openSession({ connectionId, environment: 'demo', credentials });
  }

  /** The broker user is the connection's login (as the broker counts it): connections of one login share. */
  budgetOf(connectionId: number): { brokerUser: string; perMinute: number } {
    const credentials = this.connections.get(connectionId);
    const login = credentials?.brokerUserId ?? credentials?.accessToken ?? `connection ${connectionId}`;
    const brokerUser = `${this.adapter.id}|${login}`;
    return { brokerUser, perMinute: this.requestsPerMinute };
  }

  async storeHeldByHand(accountId: number, symbols: readonly string[]): Promise<void> {
    this.heldByHand.set(accountId, [...symbols]);
  }

  async stopFollowing(accountId: number): Promise<void> {
    stopFollower(this.account(accountId));
  }
}
