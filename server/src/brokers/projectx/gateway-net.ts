import { lookup as systemLookup } from 'node:dns/promises';
import type { LookupAddress, LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';
import type { Agent, Dispatcher } from 'undici';
import WebSocket from 'ws';
import { BrokerError } from '../types';
import { type HostPolicy, isPrivateHost } from './hosts';

/** Every address a name resolves to (tests inject their own, so no real DNS is asked). */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

/**
 * The largest answer read from a gateway (a user may name its host): a day's trades or the contract list are far
 * below it; a larger body is refused while it streams in, before it is held whole.
 */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** What the REST client sends: undici's request options without the dispatcher, which is the gateway's. */
export type GatewayRequest = Omit<Dispatcher.RequestOptions, 'origin' | 'path' | 'dispatcher'> & {
  method: 'GET' | 'POST';
};

/** An answer as the REST client reads it; its body must be read (`text`) to free the connection. */
export interface GatewayResponse {
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

function headerOf(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const value = headers[name.toLowerCase()];
  return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
}

export const systemResolve: Resolve = (hostname) => systemLookup(hostname, { all: true, verbatim: true });

/** The host resolved to an address the server may not call (loopback, private, link-local, metadata, …). */
export class HostNotAllowed extends BrokerError {
  constructor() {
    super('This ProjectX host is not a public address the server may call', 'rejected');
    this.name = 'HostNotAllowed';
  }
}

/** Only global unicast addresses: no loopback, private, link-local (metadata), shared, reserved or mapped range. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  const plain =
    parsed instanceof ipaddr.IPv6 && parsed.isIPv4MappedAddress() ? parsed.toIPv4Address() : parsed;
  return plain.range() === 'unicast';
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `dns.lookup` for sockets: resolves the name, refuses it unless every address is allowed, and hands the
 * socket only the addresses it checked, so the connection goes to a checked address (the name is still sent
 * as Host and TLS server name). Asked again for every new connection, so a name cannot change its answer
 * between the check and the connect.
 */
function checkedLookup(resolve: Resolve, allowPrivate: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname).then(
      (addresses) => {
        const refused =
          addresses.length === 0 || (!allowPrivate && !addresses.every((a) => isPublicAddress(a.address)));
        const usable = addresses.filter((a) => !options.family || a.family === options.family);
        if (refused || usable.length === 0) return callback(new HostNotAllowed(), '');
        if (options.all) return callback(null, usable);
        return callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), ''),
    );
  };
}

/** A literal address in the URL is connected without a lookup: checked here instead. */
function refuseLiteral(url: URL, allowPrivate: boolean): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && ipaddr.isValid(host) && !isPublicAddress(host)) throw new HostNotAllowed();
}

type CheckedWebSocketClass = new (
  address: string | URL,
  protocols?: string | string[],
  options?: WebSocket.ClientOptions,
) => WebSocket;

/**
 * How the adapter reaches a gateway, REST and hub alike: every connection resolves and checks its addresses
 * (operator-named private hosts excepted), redirects are never followed.
 */
export class GatewayNet {
  /**
   * The HTTP client and its two agents, made with the first request: a server without ProjectX connections does
   * not hold the library (about 9 MB of heap; issue 48, idle memory).
   */
  private client: Promise<{
    request: typeof import('undici').request;
    public: Agent;
    private: Agent;
  }> | null = null;
  /** The WebSocket class given to the SignalR client: the same checks on the hub's socket. */
  readonly WebSocket: CheckedWebSocketClass;

  constructor(
    private readonly policy: HostPolicy,
    private readonly resolve: Resolve = systemResolve,
  ) {
    const socketOptions = (url: URL, options: WebSocket.ClientOptions | undefined) =>
      this.socketOptions(url, resolve, options);
    this.WebSocket = class CheckedWebSocket extends WebSocket {
      constructor(address: string | URL, protocols?: string | string[], options?: WebSocket.ClientOptions) {
        super(address, protocols, socketOptions(new URL(address), options));
      }
    };
  }

  /**
   * A request answered as it comes: a redirect is an answer like any other, never followed. undici's `request`,
   * not `fetch`: a copy's order is one of these, and `fetch` spent 0.15–0.3 ms more on each (its WHATWG request,
   * headers and body streams) on the same connection.
   */
  async request(address: string, init: GatewayRequest): Promise<GatewayResponse> {
    const url = new URL(address);
    const allowPrivate = isPrivateHost(this.policy, url);
    refuseLiteral(url, allowPrivate);
    this.client ??= import('undici').then(({ Agent, request }) => ({
      request,
      public: new Agent({
        connect: { lookup: checkedLookup(this.resolve, false) },
        maxResponseSize: MAX_ANSWER_BYTES,
      }),
      private: new Agent({
        connect: { lookup: checkedLookup(this.resolve, true) },
        maxResponseSize: MAX_ANSWER_BYTES,
      }),
    }));
    const client = await this.client;
    const answer = await client.request(url, {
      ...init,
      dispatcher: allowPrivate ? client.private : client.public,
    });
    return {
      status: answer.statusCode,
      headers: { get: (name) => headerOf(answer.headers, name) },
      text: () => answer.body.text(),
    };
  }

  private socketOptions(
    url: URL,
    resolve: Resolve,
    options: WebSocket.ClientOptions | undefined,
  ): WebSocket.ClientOptions & { lookup: ReturnType<typeof checkedLookup> } {
    // ws:// and http:// of one host name the same `host:port`.
    const allowPrivate = isPrivateHost(this.policy, url);
    refuseLiteral(url, allowPrivate);
    return { ...options, followRedirects: false, lookup: checkedLookup(resolve, allowPrivate) };
  }

  async close(): Promise<void> {
    const client = await this.client;
    if (client !== null) await Promise.all([client.public.close(), client.private.close()]);
  }
}
