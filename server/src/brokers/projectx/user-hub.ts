import {
  HttpTransportType,
  type HubConnection,
  HubConnectionBuilder,
  HubConnectionState,
  type IHttpConnectionOptions,
  LogLevel,
} from '@microsoft/signalr';
import type { ProjectXTimings } from './config';
import type { GatewayNet } from './gateway-net';
import { type Json, unwrapPush } from './json';
import { wallClock } from '../../runtime/wall-clock';

export type UserTarget =
  'GatewayUserAccount' | 'GatewayUserOrder' | 'GatewayUserPosition' | 'GatewayUserTrade';
const TARGETS: UserTarget[] = [
  'GatewayUserAccount',
  'GatewayUserOrder',
  'GatewayUserPosition',
  'GatewayUserTrade',
];

export interface UserHubDeps {
  hubUrl: string;
  /** The socket class that checks the hub's addresses (gateway-net.ts). */
  webSocket: GatewayNet['WebSocket'];
  timings: ProjectXTimings;
  accountIds: () => number[];
  /** The token for the next (re)connection; `fresh` asks for a renewed one after a failed attempt. */
  token(fresh: boolean): Promise<string>;
  /** `heardAt`: when the push was read (`wallClock()`). */
  onPush(target: UserTarget, action: number | undefined, data: Json, heardAt: number): void;
  /** The hub is subscribed again after a reconnect: catch up by REST (nothing is replayed), then report up. */
  onResubscribed(): Promise<void>;
  onDown(reason: string): void;
  warn(message: string): void;
}

/**
 * The SignalR user hub through `@microsoft/signalr`: WebSockets without negotiation (as the gateway's own
 * sample does), the token from the keeper on every (re)connection, and every subscription invoked again
 * after each reconnect because the gateway forgets them.
 */
export class ProjectXUserHub {
  private connection: HubConnection | undefined;
  /** When the hub last pushed an event (its keep-alive pings are the client library's own and not seen here). */
  heardAt: number | null = null;
  private stopped = false;
  private freshToken = false;
  private restarting: Promise<void> | null = null;

  constructor(private readonly deps: UserHubDeps) {}

  async start(): Promise<void> {
    const connection = this.build();
    this.connection = connection;
    await connection.start();
    await this.subscribe(connection);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.connection?.stop().catch(() => undefined);
  }

  private build(): HubConnection {
    const { timings } = this.deps;
    // `WebSocket` is read by the client at run time though its typings leave it out.
    const options: IHttpConnectionOptions & { WebSocket: GatewayNet['WebSocket'] } = {
      skipNegotiation: true,
      transport: HttpTransportType.WebSockets,
      WebSocket: this.deps.webSocket,
      accessTokenFactory: () => {
        const fresh = this.freshToken;
        this.freshToken = false;
        return this.deps.token(fresh);
      },
      timeout: timings.requestTimeoutMs,
    };
    const connection = new HubConnectionBuilder()
      .withUrl(this.deps.hubUrl, options)
      .withAutomaticReconnect({
        nextRetryDelayInMilliseconds: (context) => {
          // A failed attempt may be a session the gateway ended: the next one asks for a renewed token.
          if (context.previousRetryCount > 0) this.freshToken = true;
          if (this.stopped) return null;
          const delays = timings.reconnectDelaysMs;
          return delays[Math.min(context.previousRetryCount, delays.length - 1)] ?? 1_000;
        },
      })
      .withKeepAliveInterval(timings.hubKeepAliveMs)
      .withServerTimeout(timings.hubServerTimeoutMs)
      .configureLogging(LogLevel.None)
      .build();
    for (const target of TARGETS)
      connection.on(target, (...args: unknown[]) => {
        const heardAt = wallClock();
        this.heardAt = Date.now();
        for (const { action, data } of unwrapPush(args)) this.deps.onPush(target, action, data, heardAt);
      });
    connection.onreconnecting((error) => {
      this.freshToken = true;
      this.deps.onDown(`ProjectX realtime connection lost${error ? ` (${error.message})` : ''}`);
    });
    connection.onreconnected(() => void this.resubscribe(connection));
    connection.onclose((error) => {
      if (this.stopped) return;
      this.deps.onDown(`ProjectX realtime connection closed${error ? ` (${error.message})` : ''}`);
      void this.restart();
    });
    return connection;
  }

  private async subscribe(connection: HubConnection): Promise<void> {
    await connection.invoke('SubscribeAccounts');
    for (const id of this.deps.accountIds()) {
      await connection.invoke('SubscribeOrders', id);
      await connection.invoke('SubscribePositions', id);
      await connection.invoke('SubscribeTrades', id);
    }
  }

  private async resubscribe(connection: HubConnection): Promise<void> {
    try {
      await this.subscribe(connection);
      await this.deps.onResubscribed();
    } catch (error: unknown) {
      this.deps.warn(`ProjectX hub: re-subscribing failed (${String(error)}); reconnecting`);
      // Stopping ends in onclose, which starts over with a new connection.
      if (connection.state === HubConnectionState.Connected) await connection.stop().catch(() => undefined);
    }
  }

  /** The automatic reconnect gave up (or the server closed for good): a new connection, until it works. */
  private restart(): Promise<void> {
    if (this.restarting) return this.restarting;
    this.restarting = (async () => {
      for (let attempt = 0; !this.stopped; attempt += 1) {
        const delays = this.deps.timings.reconnectDelaysMs;
        await new Promise((resolve) =>
          setTimeout(resolve, delays[Math.min(attempt + 1, delays.length - 1)] ?? 1_000),
        );
        if (this.stopped) return;
        this.freshToken = true;
        const connection = this.build();
        this.connection = connection;
        try {
          await connection.start();
          await this.subscribe(connection);
          await this.deps.onResubscribed();
          return;
        } catch (error: unknown) {
          this.deps.warn(`ProjectX hub: reconnect failed (${String(error)})`);
          await connection.stop().catch(() => undefined);
        }
      }
    })().finally(() => (this.restarting = null));
    return this.restarting;
  }
}
