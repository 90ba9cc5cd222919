import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { FastifyServerOptions } from 'fastify';
import type { HttpLimits } from '../config/config';

/**
 * The HTTP server's time-outs: a request must arrive whole in time, however slowly its bytes trickle in, and
 * idle sockets are closed. An upgraded socket (the feed) leaves these behind: its heartbeat governs it.
 */
export function serverTimeouts(limits: HttpLimits): Pick<
  FastifyServerOptions,
  'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout'
> & {
  http: { requestTimeout: number; headersTimeout: number; connectionsCheckingInterval: number };
} {
  const headersTimeout = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  return {
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
  };
}

/** The ranges `TRUST_PROXY=true` names (as proxy-addr reads them). */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

function rangesOf(trustProxy: false | string): Range[] {
  if (trustProxy === false) return [];
  return trustProxy
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0)
    .flatMap(
      (item) =>
        NAMED_RANGES[item] ?? [item.includes('/') ? item : `${item}/${item.includes(':') ? 128 : 32}`],
    )
    .flatMap((cidr): Range[] => {
      try {
        return [ipaddr.parseCIDR(cidr)];
      } catch {
        return [];
      }
    });
}

function plain(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (!ipaddr.isValid(address)) return undefined;
  const parsed = ipaddr.parse(address);
  return parsed instanceof ipaddr.IPv6 && parsed.isIPv4MappedAddress() ? parsed.toIPv4Address() : parsed;
}

/**
 * At most `limits.socketsPerAddress` open sockets per remote address: one address cannot hold every socket
 * the server can open. A trusted proxy's sockets are not counted (it carries every client; it limits them).
 */
export function capSocketsPerAddress(server: Server, limits: HttpLimits, trustProxy: false | string): void {
  const proxies = rangesOf(trustProxy);
  const isProxy = (address: string): boolean => {
    const parsed = plain(address);
    return (
      parsed !== undefined &&
      proxies.some(([range, bits]) => parsed.kind() === range.kind() && parsed.match(range, bits))
    );
  };
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || isProxy(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.socketsPerAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
