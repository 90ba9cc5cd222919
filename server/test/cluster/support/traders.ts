import type { FeedMessage, SyncAccount } from '@synctrade/api/types';
import WebSocket from 'ws';

export interface Trader {
  id: number;
  token: string;
  /** The first group's leader. */
  leader: number;
  /** A second copy group's leader (on the same login as the first group), when the trader has two groups. */
  secondLeader?: number;
  /** Each follower with the leader it copies (its group's). */
  followers: Array<{ id: number; ratio: number; leader: number }>;
}

let addresses = 0;

/** One request to one node, its answer parsed when it is JSON. */
export async function call(
  base: string,
  method: string,
  url: string,
  token: string | null,
  body?: unknown,
  extra: Record<string, string> = {},
): Promise<{ status: number; json: unknown }> {
  const headers: Record<string, string> = { ...extra };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const answer = await fetch(`${base}${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await answer.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: answer.status, json };
}

/** Calls until the answer is not a 503 (a group moving between nodes) or a refused connection (a dead node). */
export async function callRetrying(
  bases: () => string[],
  method: string,
  url: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  for (let attempt = 0; ; attempt += 1) {
    const list = bases();
    const base = list[attempt % list.length] as string;
    const answer = await call(base, method, url, token, body).catch(() => null);
    if (answer !== null && answer.status !== 503 && answer.status < 500) return answer;
    if (attempt > 200) throw new Error(`${method} ${url} kept failing: ${JSON.stringify(answer)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A trader: registered, paper connection (a leader and three followers), ratios set; all on node `base`. With
 * `twoGroups`, the last follower leads a second copy group and the one before it follows it there: two groups on
 * one broker login (their owner runs both).
 */
export async function makeTrader(
  base: string,
  ratios: readonly number[],
  twoGroups = false,
): Promise<Trader> {
  addresses += 1;
  const email = `cluster-${process.pid}-${addresses}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const forwarded = { 'x-forwarded-for': `10.77.${(addresses >> 8) & 255}.${addresses & 255}` };
  const registered = await call(
    base,
    'POST',
    '/api/v1/auth/register',
    null,
    { email, password: 'Str0ng!Pass' },
    forwarded,
  );
  if (registered.status !== 201) throw new Error(`register: ${JSON.stringify(registered)}`);
  const token = (registered.json as { access_token: string }).access_token;
  const id = (
    JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { user_id: number }
  ).user_id;
  const start = await call(
    base,
    'GET',
    '/api/v1/brokers/sim/connect?connection_name=Paper&environment=demo',
    token,
  );
  const consent = new URL((start.json as { url: string }).url);
  const state = consent.searchParams.get('state') ?? '';
  const approve = await fetch(`${base}${consent.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ state }).toString(),
    redirect: 'manual',
  });
  const callback = new URL(approve.headers.get('location') ?? '', base);
  await fetch(`${base}${callback.pathname}${callback.search}`, { redirect: 'manual' });
  const accounts = (await call(base, 'GET', '/api/v1/brokers/accounts', token)).json as Array<{ id: number }>;
  const ids = accounts.map((a) => a.id).sort((a, b) => a - b);
  const [leader, ...rest] = ids;
  if (leader === undefined || rest.length < ratios.length)
    throw new Error(`accounts: ${JSON.stringify(accounts)}`);
  const bases = (): string[] => [base];
  await callRetrying(bases, 'PUT', `/api/v1/copier/accounts/${leader}/master`, token, { followers: 'keep' });
  const followers: Trader['followers'] = [];
  const second = twoGroups ? rest[ratios.length - 1] : undefined;
  for (const [index, ratio] of ratios.entries()) {
    const follower = rest[index] as number;
    if (follower === second) continue;
    await callRetrying(bases, 'PUT', `/api/v1/copier/accounts/${follower}/follower`, token);
    await callRetrying(bases, 'PUT', `/api/v1/copier/accounts/${follower}/ratio`, token, { ratio });
    followers.push({ id: follower, ratio, leader });
  }
  if (second === undefined) return { id, token, leader, followers };
  const group = await callRetrying(bases, 'POST', '/api/v1/copier/groups', token, { name: 'Second' });
  if (group.status !== 201) throw new Error(`group: ${JSON.stringify(group)}`);
  const groupId = (group.json as { id: number }).id;
  await callRetrying(bases, 'POST', `/api/v1/copier/groups/${groupId}/accounts`, token, {
    account_id: second,
    position: 'keep',
  });
  await callRetrying(bases, 'PUT', `/api/v1/copier/accounts/${second}/master`, token, { followers: 'keep' });
  const moved = followers.pop() as Trader['followers'][number];
  await callRetrying(bases, 'POST', `/api/v1/copier/groups/${groupId}/accounts`, token, {
    account_id: moved.id,
    position: 'align',
  });
  followers.push({ ...moved, leader: second });
  return { id, token, leader, secondLeader: second, followers };
}

/**
 * The leader trades through any node (the ticket goes to the group's owner); a second group's leader trades the
 * other way at the same time.
 */
export async function leaderTrades(
  bases: () => string[],
  trader: Trader,
  side: 'buy' | 'sell',
  qty: number,
): Promise<void> {
  const ticket = async (account: number, way: 'buy' | 'sell'): Promise<void> => {
    const answer = await callRetrying(bases, 'POST', '/api/v1/sim/orders', trader.token, {
      account_id: account,
      contract: 'ES',
      side: way,
      qty,
      order_type: 'Market',
    });
    if (answer.status !== 200) throw new Error(`ticket: ${JSON.stringify(answer)}`);
  };
  await Promise.all([
    ticket(trader.leader, side),
    ...(trader.secondLeader === undefined
      ? []
      : [ticket(trader.secondLeader, side === 'buy' ? 'sell' : 'buy')]),
  ]);
}

/** A browser's feed on one node: keeps the latest account list (full lists and numbered deltas applied). */
export class FeedWatcher {
  accounts = new Map<number, SyncAccount>();
  /** The last messages received (node, type, seq, each account's signed position): printed when a check fails. */
  readonly history: string[] = [];
  private socket: WebSocket | null = null;
  closed = false;

  constructor(readonly trader: Trader) {}

  async connect(base: string): Promise<void> {
    const ticket = await call(base, 'POST', '/api/v1/auth/ws-ticket', this.trader.token);
    if (ticket.status !== 200) throw new Error(`ticket: ${JSON.stringify(ticket)}`);
    const socket = new WebSocket(
      `${base.replace(/^http/, 'ws')}/ws/accounts?token=${encodeURIComponent((ticket.json as { ticket: string }).ticket)}`,
      { headers: { origin: base } },
    );
    this.socket = socket;
    let seq: number | null = null;
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as FeedMessage;
      if (message.type === 'account_data' || message.type === 'account_delta') {
        const nets = message.accounts.map((a) => `${a.id}:${signedQty(a)}`).join(' ');
        this.history.push(
          `${new Date().toISOString()} ${base} ${message.type} #${message.seq ?? '-'} ${nets}`,
        );
        if (this.history.length > 40) this.history.shift();
      }
      // As the Sync Desk applies them: deltas in sequence only; a gap asks for the full list again.
      if (message.type === 'account_data') {
        this.accounts = new Map(message.accounts.map((a) => [a.id, a]));
        seq = message.seq ?? null;
      } else if (message.type === 'account_delta') {
        if (seq !== null && message.seq === seq + 1) {
          seq = message.seq;
          for (const account of message.accounts) this.accounts.set(account.id, account);
        } else {
          seq = null;
          socket.send(JSON.stringify({ type: 'resync' }));
        }
      }
    });
    socket.on('close', () => {
      this.closed = true;
    });
    socket.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    this.closed = false;
  }

  close(): void {
    this.socket?.close();
  }
}

/** The position the desk shows for an account, signed (long positive, short negative). */
export function signedQty(account: SyncAccount): number {
  return account.side === 'flat' ? 0 : account.side === 'long' ? account.qty : -account.qty;
}

/** What a socket opened now on `base` receives first (the desk as that node serves it to a new browser). */
export async function firstList(base: string, trader: Trader): Promise<SyncAccount[] | null> {
  const feed = new FeedWatcher(trader);
  try {
    await feed.connect(base);
    for (let i = 0; i < 50 && feed.history.length === 0; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 100));
    return feed.history.length === 0 ? null : [...feed.accounts.values()];
  } finally {
    feed.close();
  }
}
