import type { WebSocket } from 'ws';
import { type FakeFaults } from './model';
import type { Sessions } from './sessions';
import type { VenueEvent } from './venue';

/** SignalR's JSON hub protocol: every message ends with the record separator 0x1E. */
const RS = '\u001e';
const MessageType = { Invocation: 1, Completion: 3, Ping: 6, Close: 7 } as const;

interface HubClient {
  ws: WebSocket;
  token: string;
  userName: string;
  handshaken: boolean;
  accounts: boolean;
  orders: Set<number>;
  positions: Set<number>;
  trades: Set<number>;
}

const SUBSCRIPTIONS = {
  SubscribeOrders: 'orders',
  SubscribePositions: 'positions',
  SubscribeTrades: 'trades',
  UnsubscribeOrders: 'orders',
  UnsubscribePositions: 'positions',
  UnsubscribeTrades: 'trades',
} as const;

const TOPIC: Record<VenueEvent['target'], 'orders' | 'positions' | 'trades' | null> = {
  GatewayUserAccount: null,
  GatewayUserOrder: 'orders',
  GatewayUserPosition: 'positions',
  GatewayUserTrade: 'trades',
};

/**
 * The user hub (`/hubs/user`): handshake, invocations with completions, pings both ways, and the
 * `GatewayUser*` pushes for what each connection subscribed to. Nothing is replayed to a new connection.
 */
export class UserHub {
  private readonly clients = new Set<HubClient>();
  private readonly pinger: NodeJS.Timeout;
  private rotation = 0;
  /** Invocations received, by target (tests check re-subscription after reconnects). */
  readonly invocations: string[] = [];
  connections = 0;

  constructor(
    private readonly sessions: Sessions,
    private readonly faults: FakeFaults,
    private readonly accountOwner: (accountId: number) => string | undefined,
    pingMs: number,
  ) {
    this.pinger = setInterval(() => {
      for (const client of this.clients) if (client.handshaken) send(client, { type: MessageType.Ping });
    }, pingMs);
  }

  accept(ws: WebSocket, token: string, userName: string): void {
    const client: HubClient = {
      ws,
      token,
      userName,
      handshaken: false,
      accounts: false,
      orders: new Set(),
      positions: new Set(),
      trades: new Set(),
    };
    this.clients.add(client);
    this.connections += 1;
    ws.on('message', (data) => {
      for (const record of String(data).split(RS)) if (record.length > 0) this.onRecord(client, record);
    });
    ws.on('close', () => this.clients.delete(client));
    ws.on('error', () => this.clients.delete(client));
  }

  private onRecord(client: HubClient, record: string): void {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(record) as Record<string, unknown>;
    } catch {
      return void client.ws.close(1003, 'Malformed message');
    }
    if (!client.handshaken) {
      if (message.protocol !== 'json') {
        client.ws.send(JSON.stringify({ error: `Unsupported protocol ${String(message.protocol)}` }) + RS);
        return void client.ws.close();
      }
      client.handshaken = true;
      return void client.ws.send('{}' + RS);
    }
    if (message.type === MessageType.Close) return void client.ws.close();
    if (message.type !== MessageType.Invocation) return;
    const target = String(message.target);
    const invocationId = typeof message.invocationId === 'string' ? message.invocationId : undefined;
    const args = Array.isArray(message.arguments) ? (message.arguments as unknown[]) : [];
    this.invocations.push(target);
    const error = this.invoke(client, target, args);
    if (invocationId !== undefined)
      send(
        client,
        error
          ? { type: MessageType.Completion, invocationId, error }
          : { type: MessageType.Completion, invocationId, result: null },
      );
  }

  private invoke(client: HubClient, target: string, args: unknown[]): string | undefined {
    if (target === 'SubscribeAccounts') client.accounts = true;
    else if (target === 'UnsubscribeAccounts') client.accounts = false;
    else if (target in SUBSCRIPTIONS) {
      const accountId = args[0];
      if (typeof accountId !== 'number' || this.accountOwner(accountId) !== client.userName)
        return `Account ${String(accountId)} not found`;
      const set = client[SUBSCRIPTIONS[target as keyof typeof SUBSCRIPTIONS]];
      if (target.startsWith('Subscribe')) set.add(accountId);
      else set.delete(accountId);
    } else return `Method does not exist: ${target}`;
    return undefined;
  }

  publish(event: VenueEvent): void {
    const { dropEvents } = this.faults;
    if (
      dropEvents &&
      dropEvents.remaining > 0 &&
      (dropEvents.target === undefined || dropEvents.target === event.target)
    ) {
      dropEvents.remaining -= 1;
      return;
    }
    const payload = this.frame(event);
    const copies = this.faults.duplicateEvents ? 2 : 1;
    const owner = this.accountOwner(event.accountId);
    for (const client of this.clients) {
      if (!client.handshaken || client.userName !== owner || this.sessions.userOf(client.token) === null)
        continue;
      const topic = TOPIC[event.target];
      const subscribed = topic === null ? client.accounts : client[topic].has(event.accountId);
      if (!subscribed) continue;
      for (let copy = 0; copy < copies; copy += 1)
        send(client, { type: MessageType.Invocation, target: event.target, arguments: [payload] });
    }
  }

  /** Flat, `{action, data}` or `[{action, data}]`, as observed from the real gateway. */
  private frame(event: VenueEvent): unknown {
    const mode =
      this.faults.envelope === 'mixed'
        ? (['flat', 'wrapped', 'list'] as const)[this.rotation++ % 3]!
        : this.faults.envelope;
    if (mode === 'flat') return event.data;
    const wrapped = { action: event.action, data: event.data };
    return mode === 'wrapped' ? wrapped : [wrapped];
  }

  /** Drops the connections of ended sessions, with a SignalR close message that allows no reconnect on them. */
  endTokens(tokens: string[]): void {
    for (const client of this.clients)
      if (tokens.includes(client.token)) {
        send(client, {
          type: MessageType.Close,
          error: 'Session ended by another login',
          allowReconnect: true,
        });
        client.ws.close();
      }
  }

  /** Cuts every connection without a close message: what a network loss looks like. */
  cutAll(): void {
    for (const client of this.clients) client.ws.terminate();
    this.clients.clear();
  }

  liveConnections(): number {
    return this.clients.size;
  }

  stop(): void {
    clearInterval(this.pinger);
    this.cutAll();
  }
}

function send(client: HubClient, message: object): void {
  if (client.ws.readyState === client.ws.OPEN) client.ws.send(JSON.stringify(message) + RS);
}
