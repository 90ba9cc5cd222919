import type { FastifyInstance } from 'fastify';
import type { BrokerCredentials, BrokerSession, Environment } from '../../brokers/types';
import { clearFollowerRole } from '../../connections/accounts-repo';
import type { AccountDirectory } from '../engine/ports';
import { DEFAULT_RISK, type EngineAccount } from '../engine/types';

interface AccountRow {
  id: number;
  user_id: number;
  connection_id: number;
  external_id: string;
  name: string;
  is_master: boolean;
  is_follower: boolean;
  ratio: number;
  cross: boolean;
  auto_sync: boolean;
  enabled: boolean;
  broker: string;
  max_contracts_per_order: number | null;
  max_net_position: number | null;
  daily_loss_limit: number | null;
  waits: boolean;
  held_by_hand: string[];
  paused: boolean;
  group_id: number | null;
  fixed_qty: number | null;
  copy_mode: 'mirror' | 'fills' | null;
  contracts: string[] | null;
}

/** The engine's view of the server's accounts, connections (credentials opened here) and risk rows. */
export class SqlDirectory implements AccountDirectory {
  private readonly brokerOf = new Map<number, string>();
  private readonly brokerUserOf = new Map<number, string>();

  constructor(private readonly app: FastifyInstance) {}

  // One statement joins the user's accounts with the copier's own rows (risk, waits, contracts held by hand): the
  // engine sees them in one snapshot (a leader change between two reads would show its waits on the old leader).
  async loadUser(userId: number): Promise<EngineAccount[]> {
    const rows = await this.app.db.query<AccountRow>(
      `SELECT a.id, a.user_id, a.connection_id, a.external_id, a.name, a.is_master, a.is_follower, a.ratio, a."cross", a.auto_sync,
              (a.enabled AND c.enabled) AS enabled, c.broker, r.max_contracts_per_order, r.max_net_position, r.daily_loss_limit,
              EXISTS (SELECT 1 FROM copy_follower_waits w WHERE w.account_id = a.id AND w.leader_account_id IN
                (SELECT m.id FROM broker_accounts m JOIN copy_account_groups mg ON mg.account_id = m.id
                 WHERE m.user_id = a.user_id AND m.is_master AND mg.group_id IS NOT DISTINCT FROM g.group_id)) AS waits,
              ARRAY(SELECT h.symbol FROM copy_held_by_hand h WHERE h.account_id = a.id ORDER BY h.symbol) AS held_by_hand,
              COALESCE(g.paused, false) AS paused, g.group_id, s.fixed_qty, s.copy_mode, s.contracts
       FROM broker_accounts a JOIN connections c ON c.id = a.connection_id LEFT JOIN copy_risk r ON r.account_id = a.id
       LEFT JOIN copy_account_groups g ON g.account_id = a.id LEFT JOIN copy_follower_settings s ON s.account_id = a.id
       WHERE a.user_id = $1 ORDER BY a.id`,
      [userId],
    );
    return rows.map((row) => {
      this.brokerOf.set(row.connection_id, row.broker);
      return {
        id: row.id,
        userId: row.user_id,
        // Each account follows its own group's leader only.
        groupId: row.group_id ?? 0,
        connectionId: row.connection_id,
        externalId: row.external_id,
        name: row.name,
        isLeader: row.is_master,
        // A follower of a paused group copies nothing until the group is resumed.
        isFollower: row.is_follower && !row.is_master && !row.paused,
        ratio: Number(row.ratio),
        fixedQty: row.fixed_qty,
        copyMode: row.copy_mode ?? 'mirror',
        contracts: row.contracts ?? [],
        cross: row.cross,
        autoSync: row.auto_sync,
        enabled: row.enabled,
        waitsForLeaderTrade: row.waits,
        heldByHand: row.held_by_hand,
        risk: {
          maxContractsPerOrder: row.max_contracts_per_order ?? DEFAULT_RISK.maxContractsPerOrder,
          maxNetPosition: row.max_net_position ?? DEFAULT_RISK.maxNetPosition,
          dailyLossLimit:
            row.daily_loss_limit === null ? DEFAULT_RISK.dailyLossLimit : Number(row.daily_loss_limit),
        },
      };
    });
  }

  async activeUsers(): Promise<number[]> {
    const rows = await this.app.db.query<{ user_id: number }>(
      'SELECT DISTINCT user_id FROM connections WHERE enabled',
    );
    return rows.map((row) => row.user_id);
  }

  async openSession(connectionId: number): Promise<BrokerSession> {
    const [row] = await this.app.db.query<{ broker: string; environment: Environment; credentials: string }>(
      'SELECT broker, environment, credentials FROM connections WHERE id = $1',
      [connectionId],
    );
    if (row === undefined) throw new Error(`Connection ${connectionId} is gone`);
    const adapter = this.app.brokers.get(row.broker);
    if (adapter === undefined) throw new Error(`The ${row.broker} broker is not configured on this server`);
    this.brokerOf.set(connectionId, row.broker);
    const credentials = this.app.secrets.open<BrokerCredentials>(row.credentials);
    if (credentials.brokerUserId !== undefined)
      this.brokerUserOf.set(connectionId, `${row.broker}|${row.environment}|${credentials.brokerUserId}`);
    return adapter.openSession({
      connectionId,
      environment: row.environment,
      credentials,
      onCredentialsRenewed: (credentials) => {
        void this.app.db
          .query('UPDATE connections SET credentials = $2, updated_at = now() WHERE id = $1', [
            connectionId,
            this.app.secrets.seal(credentials),
          ])
          .catch((error: unknown) =>
            this.app.log.error({ err: error }, 'storing renewed broker credentials failed'),
          );
      },
    });
  }

  /**
   * Brokers count requests per broker user: connections of one user (same broker, environment and broker
   * user id) share one budget. A connection whose broker user is not known yet counts alone.
   */
  budgetOf(connectionId: number): { brokerUser: string; perMinute: number } {
    const broker = this.brokerOf.get(connectionId) ?? '';
    return {
      brokerUser: this.brokerUserOf.get(connectionId) ?? `${broker}|connection ${connectionId}`,
      perMinute: this.app.brokers.get(broker)?.requestsPerMinute ?? 60,
    };
  }

  async markConnection(
    connectionId: number,
    status: 'connected' | 'disconnected' | 'reauth_required',
  ): Promise<void> {
    await this.app.db.query(
      'UPDATE connections SET status = $2, updated_at = now() WHERE id = $1 AND status <> $2',
      [connectionId, status],
    );
  }

  async stopWaiting(accountId: number): Promise<void> {
    await this.app.db.query('DELETE FROM copy_follower_waits WHERE account_id = $1', [accountId]);
  }

  async storeHeldByHand(accountId: number, symbols: readonly string[]): Promise<void> {
    await this.app.db.tx(async (tx) => {
      await tx.query('DELETE FROM copy_held_by_hand WHERE account_id = $1', [accountId]);
      if (symbols.length > 0)
        await tx.query(
          `INSERT INTO copy_held_by_hand (account_id, symbol)
           SELECT $1, s FROM unnest($2::text[]) AS s ON CONFLICT DO NOTHING`,
          [accountId, symbols],
        );
    });
  }

  async stopFollowing(accountId: number, reason: string): Promise<void> {
    await clearFollowerRole(this.app.db, accountId);
    await this.app.db.query(
      `INSERT INTO copy_account_state (account_id, state, reason) VALUES ($1, 'risk_stopped', $2)
       ON CONFLICT (account_id) DO UPDATE SET state = EXCLUDED.state, reason = EXCLUDED.reason, updated_at = now()`,
      [accountId, reason],
    );
  }
}
