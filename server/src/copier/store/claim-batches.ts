import type { ClaimResult } from '../engine/ports';
import { CLAIM_ROW_COLUMNS, CLAIM_SKIP_COLUMNS, type ClaimRow, type ClaimSkipRow } from './claim-rows';

/** One leader event's claim as the batch statement reads it (one JSON record per event). */
export interface ClaimInput {
  event_key: string;
  user_id: number;
  intents: ClaimRow[];
  skips: ClaimSkipRow[];
  /** Several nodes: the lease the claim is made under (the claim stores nothing unless it is still live). */
  node_id?: string;
  token?: number;
}

/**
 * The claim statement, for one leader event or several at once, so one commit (one flush of the database's log,
 * the most of a claim's time on PostgreSQL) stores them all. Each event is stored, with its follower orders and
 * skips, only when its key is new; the answer lists the events stored and, for each, the follower orders it
 * stored. With a fence (several nodes) an event is stored only while the node's lease on its user's copy group
 * (node, fencing token) is live: `FOR SHARE` makes a takeover wait for a claim under way, and a claim wait for a
 * takeover under way (then it sees the new token and stores nothing). The leases are locked in the order of their
 * user ids, as a renewal locks them (`cluster/lease-store.ts`): a claim holding one group's lease and a renewal
 * holding another's never wait for each other.
 */
function claimSql(fenced: boolean): string {
  const ev = fenced
    ? `lease AS (
  SELECT l.user_id, l.node_id, l.token FROM copy_group_leases l
  WHERE l.expires_at > clock_timestamp()
    AND EXISTS (SELECT 1 FROM input WHERE input.user_id = l.user_id AND input.node_id = l.node_id AND input.token = l.token)
  ORDER BY l.user_id
  FOR SHARE
), ev AS (
  INSERT INTO copy_events (event_key, user_id)
  SELECT input.event_key, input.user_id FROM input
  JOIN lease ON lease.user_id = input.user_id AND lease.node_id = input.node_id AND lease.token = input.token
  ON CONFLICT DO NOTHING RETURNING event_key
)`
    : `ev AS (
  INSERT INTO copy_events (event_key, user_id) SELECT event_key, user_id FROM input
  ON CONFLICT DO NOTHING RETURNING event_key
)`;
  return `
WITH input AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb)
    AS c(event_key text, user_id integer, intents jsonb, skips jsonb, node_id text, token bigint)
), ${ev}, ins AS (
  INSERT INTO copy_orders (user_id, account_id, role, client_order_id, event_key, symbol, order_type, side, qty, price, stop_price,
    status, leader_order_id, is_exit, reason, resolved)
  SELECT input.user_id, x.account_id, 'copy', x.client_order_id, input.event_key, x.symbol, x.order_type, x.side, x.qty, x.price,
    x.stop_price, 'Pending New', x.leader_order_id, x.is_exit, x.reason, false
  FROM input JOIN ev ON ev.event_key = input.event_key
  CROSS JOIN LATERAL jsonb_to_recordset(input.intents) AS x(${CLAIM_ROW_COLUMNS})
  ON CONFLICT (client_order_id) DO NOTHING
  RETURNING event_key, client_order_id
), skipped AS (
  INSERT INTO copy_orders (user_id, account_id, role, event_key, symbol, order_type, side, qty, price, status, reason)
  SELECT input.user_id, x.account_id, 'copy', input.event_key, x.symbol, x.order_type, x.side, x.qty, x.price, x.status, x.reason
  FROM input JOIN ev ON ev.event_key = input.event_key
  CROSS JOIN LATERAL jsonb_to_recordset(input.skips) AS x(${CLAIM_SKIP_COLUMNS})
)
SELECT ev.event_key,
  (SELECT coalesce(json_agg(ins.client_order_id), '[]'::json) FROM ins WHERE ins.event_key = ev.event_key) AS claimed
FROM ev`;
}

export const CLAIM_SQL = claimSql(false);
export const FENCED_CLAIM_SQL = claimSql(true);

/** A row of the claim statement's answer: an event stored, and its follower orders stored. */
export interface ClaimedRow {
  event_key: string;
  claimed: string[] | string;
}

/** Each claim's result from the statement's answer: an event missing from it was already stored (or not under a lease). */
export function resultsOf(inputs: readonly ClaimInput[], rows: readonly ClaimedRow[]): ClaimResult[] {
  const stored = new Map(
    rows.map((row) => [
      row.event_key,
      typeof row.claimed === 'string' ? (JSON.parse(row.claimed) as string[]) : row.claimed,
    ]),
  );
  return inputs.map((input) => {
    const claimed = stored.get(input.event_key);
    return claimed === undefined
      ? { fresh: false, claimed: new Set<string>() }
      : { fresh: true, claimed: new Set(claimed) };
  });
}

interface Waiting {
  input: ClaimInput;
  resolve(result: ClaimResult): void;
  reject(error: unknown): void;
}

/** Statements of claims under way at once: a claim never waits while one is free. */
export const CLAIMS_IN_FLIGHT = 2;
/**
 * Follower rows (orders and skips) in one statement at most, whatever the claims' sizes: a burst of events of
 * 500-follower groups is stored in several statements, none of them holding the claims behind it for long. A
 * claim larger than this goes in a statement of its own.
 */
const ROWS_PER_STATEMENT = 2_000;

/**
 * Group commit of claims: a claim goes to the database at once while fewer than `CLAIMS_IN_FLIGHT` claim statements are
 * under way; the claims that arrive meanwhile wait and go together in the next statement, so under load each
 * commit stores many events instead of one. A batch holds one claim per event key (a repeated event goes in the
 * next one and finds its key stored). When a batch's statement fails, each of its claims is tried alone, so one
 * bad claim fails only its own event.
 */
export class ClaimBatches {
  private readonly waiting: Waiting[] = [];
  private running = 0;

  /** `store`: the claim statement for these claims, answering their results in the same order. */
  constructor(private readonly store: (inputs: ClaimInput[]) => Promise<ClaimResult[]>) {}

  claim(input: ClaimInput): Promise<ClaimResult> {
    return new Promise<ClaimResult>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    if (this.running >= CLAIMS_IN_FLIGHT || this.waiting.length === 0) return;
    const taken: Waiting[] = [];
    const keys = new Set<string>();
    let rows = 0;
    for (let i = 0; i < this.waiting.length;) {
      const claim = this.waiting[i] as Waiting;
      const size = claim.input.intents.length + claim.input.skips.length;
      if (taken.length > 0 && rows + size > ROWS_PER_STATEMENT) break;
      if (keys.has(claim.input.event_key)) {
        i += 1;
        continue;
      }
      keys.add(claim.input.event_key);
      rows += size;
      taken.push(claim);
      this.waiting.splice(i, 1);
    }
    this.running += 1;
    void this.run(taken).finally(() => {
      this.running -= 1;
      this.next();
    });
    // Another statement may be free, and claims may still wait (more than one statement's worth).
    this.next();
  }

  private async run(taken: Waiting[]): Promise<void> {
    try {
      const results = await this.store(taken.map((claim) => claim.input));
      taken.forEach((claim, i) => claim.resolve(results[i] as ClaimResult));
    } catch (error: unknown) {
      // The statement stored none of them (one transaction): each is tried alone, and only a bad one fails.
      if (taken.length === 1) (taken[0] as Waiting).reject(error);
      else await Promise.all(taken.map((claim) => this.run([claim])));
    }
  }
}
