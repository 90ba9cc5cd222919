import path from 'node:path';
import { loadAlertSettings, type AlertSettings } from '../alerts/settings';
import { PUBLISHER_URLS, type CalendarUrls } from '../propfirm/calendar/import/sources';

/** Everything the server reads from its environment, with the embedded defaults applied. */
export interface AppConfig {
  nodeEnv: string;
  port: number;
  host: string;
  /** Where browsers reach this server; reset links and OAuth redirect URIs are built from it. */
  publicUrl: string;
  databaseUrl?: string;
  dataDir: string;
  /** Undefined: a random secret persisted in the data folder (see config/dev-secrets.ts). */
  jwtSecret?: string;
  secretsKey?: string;
  jwtTtlSeconds: number;
  smtpUrl?: string;
  mailFrom: string;
  /** Telegram, Discord and Web Push alerts, and the outbox's delivery (alerts/settings.ts). */
  alerts: AlertSettings;
  outboxDir: string;
  /**
   * Test-only: serve `GET /api/v1/dev/outbox/latest` so browser tests can read reset links. Off unless
   * TEST_OUTBOX_READER=true, and even then only on a loopback-bound server answering loopback callers.
   */
  testOutboxReader: boolean;
  corsOrigins: string[];
  /** Extra origins the pages may load scripts from (remotes on other origins). */
  scriptOrigins: string[];
  /** Extra origins the pages may call (APIs or feeds on other origins). */
  connectOrigins: string[];
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
  /** Seconds between feed heartbeats. */
  heartbeatSeconds: number;
  /** Requests per minute per address on the unauthenticated auth routes. */
  authRateLimitPerMinute: number;
  /**
   * Behind a reverse proxy: which X-Forwarded-For hops to trust, so per-address throttling sees the real client.
   * TRUST_PROXY=true trusts proxies on this machine or a private network (loopback, link-local and unique-local
   * ranges); a list of addresses or CIDR ranges trusts those proxies. False: the socket's address.
   */
  trustProxy: false | string;
  /** Added wait per try past a threshold: failed sign-ins of an account, registrations of an address. */
  authSlowdownStepMs: number;
  /**
   * Flush each copy intent, and each batch of the paper ledger's journal, to the disk itself before sending or
   * answering (embedded database only): survives a power loss too, at the cost of a disk round trip per leader
   * event. Off: it survives a crash of the server process.
   */
  copierJournalFsync: boolean;
  /**
   * The news calendar's import from its publishers (BLS, Federal Reserve, EIA), at start and daily. On with
   * CALENDAR_IMPORT=on, or in production on PostgreSQL unless CALENDAR_IMPORT=off; the shipped dates stay the
   * fallback. CALENDAR_BLS_URL, CALENDAR_FOMC_URL and CALENDAR_EIA_URL point to mirrors.
   */
  calendarImport: { enabled: boolean; urls: CalendarUrls };
  /**
   * Operators' Prometheus metrics (see metrics/): METRICS_PORT serves `/metrics` on a listener of its own, bound to
   * METRICS_HOST (default 127.0.0.1); else METRICS_TOKEN serves it on the public port to a bearer of that token.
   * Neither set: no metrics endpoint at all.
   */
  metrics: MetricsConfig;
  /** Time-outs of the HTTP server and the sockets one address may hold open (see http/socket-limits.ts). */
  http: HttpLimits;
}

export interface MetricsConfig {
  port?: number;
  host: string;
  token?: string;
}

export interface HttpLimits {
  /** A request's headers and body must have arrived within this (a trickled body is cut with 408). */
  requestTimeoutMs: number;
  /** Its headers within this. */
  headersTimeoutMs: number;
  /** A kept-alive socket with no request is closed after this. */
  keepAliveTimeoutMs: number;
  /** Any socket with nothing sent or received is closed after this (feed sockets have their heartbeat instead). */
  idleTimeoutMs: number;
  /** How often the server looks for requests past their time-outs. */
  checkIntervalMs: number;
  /** Open sockets per remote address; more are closed at once (trusted proxies are not counted). */
  socketsPerAddress: number;
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

function int(value: string | undefined, fallback: number): number {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

/** The proxies whose X-Forwarded-For is believed: never every hop, or a client could write its own address. */
export const PRIVATE_PROXIES = 'loopback, linklocal, uniquelocal';

function trustProxy(value: string | undefined): false | string {
  const given = (value ?? '').trim();
  if (given === '' || given === 'false') return false;
  return given === 'true' ? PRIVATE_PROXIES : given;
}

function blankToUndefined(value: string | undefined): string | undefined {
  return value && value.trim().length > 0 ? value.trim() : undefined;
}

/** Reads the configuration; relative folders resolve against the server's working directory. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const port = int(env.PORT, 3000);
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const publicUrl = (blankToUndefined(env.PUBLIC_URL) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    nodeEnv,
    port,
    host: blankToUndefined(env.HOST) ?? '127.0.0.1',
    publicUrl,
    databaseUrl: blankToUndefined(env.DATABASE_URL),
    metrics: {
      ...(blankToUndefined(env.METRICS_PORT) === undefined ? {} : { port: int(env.METRICS_PORT, 0) }),
      host: blankToUndefined(env.METRICS_HOST) ?? '127.0.0.1',
      ...(blankToUndefined(env.METRICS_TOKEN) === undefined
        ? {}
        : { token: blankToUndefined(env.METRICS_TOKEN) }),
    },
    dataDir,
    jwtSecret: blankToUndefined(env.JWT_SECRET),
    secretsKey: blankToUndefined(env.SECRETS_KEY),
    jwtTtlSeconds: int(env.JWT_TTL_SECONDS, 7 * 24 * 3600),
    smtpUrl: blankToUndefined(env.SMTP_URL),
    mailFrom: blankToUndefined(env.MAIL_FROM) ?? 'SyncTrade <no-reply@synctrade.local>',
    alerts: loadAlertSettings(env),
    outboxDir: path.resolve(env.OUTBOX_DIR ?? path.join(dataDir, 'outbox')),
    testOutboxReader: env.TEST_OUTBOX_READER === 'true',
    corsOrigins: list(env.CORS_ORIGINS),
    scriptOrigins: list(env.CSP_SCRIPT_ORIGINS),
    connectOrigins: list(env.CSP_CONNECT_ORIGINS),
    // OWASP's Argon2id minimum: 19 MiB, 2 iterations, 1 lane. Never lowered outside explicit test config.
    argon2: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
    heartbeatSeconds: int(env.HEARTBEAT_SECONDS, 20),
    authRateLimitPerMinute: int(env.AUTH_RATE_LIMIT_PER_MINUTE, 100),
    trustProxy: trustProxy(env.TRUST_PROXY),
    authSlowdownStepMs: 500,
    copierJournalFsync: env.COPIER_JOURNAL_FSYNC === 'true',
    calendarImport: {
      enabled:
        env.CALENDAR_IMPORT === 'on' ||
        (env.CALENDAR_IMPORT !== 'off' &&
          nodeEnv === 'production' &&
          blankToUndefined(env.DATABASE_URL) !== undefined),
      urls: {
        bls: blankToUndefined(env.CALENDAR_BLS_URL) ?? PUBLISHER_URLS.bls,
        fomc: blankToUndefined(env.CALENDAR_FOMC_URL) ?? PUBLISHER_URLS.fomc,
        eia: blankToUndefined(env.CALENDAR_EIA_URL) ?? PUBLISHER_URLS.eia,
      },
    },
    http: {
      requestTimeoutMs: int(env.REQUEST_TIMEOUT_SECONDS, 120) * 1000,
      headersTimeoutMs: int(env.HEADERS_TIMEOUT_SECONDS, 10) * 1000,
      keepAliveTimeoutMs: int(env.KEEP_ALIVE_TIMEOUT_SECONDS, 10) * 1000,
      idleTimeoutMs: int(env.SOCKET_IDLE_TIMEOUT_SECONDS, 60) * 1000,
      checkIntervalMs: 1000,
      socketsPerAddress: int(env.MAX_SOCKETS_PER_ADDRESS, 100),
    },
  };
}
