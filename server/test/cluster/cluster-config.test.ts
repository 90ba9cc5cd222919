import { clusterConfigOf } from '../../src/cluster/cluster-config';

const server = { databaseUrl: 'postgres://db/synctrade', host: '127.0.0.1', port: 3001 };
const secrets = { JWT_SECRET: 'j', SECRETS_KEY: 'k' };

test('cluster mode is off unless asked for: the default server stays one process', () => {
  expect(clusterConfigOf({}, server)).toBeNull();
  expect(clusterConfigOf({ NATS_URL: 'nats://n:4222' }, server)).toBeNull();
  expect(clusterConfigOf({ NODE_ID: 'a' }, { ...server, databaseUrl: undefined })).toBeNull();
});

test('on with CLUSTER=1 or NATS_URL with NODE_ID; needs PostgreSQL and the shared secrets', () => {
  const on = clusterConfigOf({ CLUSTER: '1', NODE_ID: 'a', ...secrets }, server);
  expect(on).toMatchObject({
    nodeId: 'a',
    natsUrl: 'nats://127.0.0.1:4222',
    url: 'http://127.0.0.1:3001',
    ttlMs: 6_000,
    renewMs: 2_000,
    marginMs: 1_500,
    name: 'synctrade',
  });
  expect(clusterConfigOf({ NATS_URL: 'nats://n:4222', NODE_ID: 'b', ...secrets }, server)?.natsUrl).toBe(
    'nats://n:4222',
  );
  expect(() => clusterConfigOf({ CLUSTER: '1', ...secrets }, { ...server, databaseUrl: undefined })).toThrow(
    /DATABASE_URL/,
  );
  expect(() => clusterConfigOf({ CLUSTER: '1' }, server)).toThrow(/JWT_SECRET and SECRETS_KEY/);
  // The forwarding mark comes from the shared secret: the same on every node, different per cluster.
  const a = clusterConfigOf({ CLUSTER: '1', NODE_ID: 'a', ...secrets }, server);
  const b = clusterConfigOf({ CLUSTER: '1', NODE_ID: 'b', ...secrets }, { ...server, port: 3002 });
  const other = clusterConfigOf({ CLUSTER: '1', NODE_ID: 'a', JWT_SECRET: 'j', SECRETS_KEY: 'x' }, server);
  expect(a?.forwardMark).toBe(b?.forwardMark);
  expect(a?.forwardMark).not.toBe(other?.forwardMark);
});

test('the per-IP allowance in sessions and the logs’ retention come from the environment', () => {
  const set = clusterConfigOf(
    { CLUSTER: '1', ...secrets, CLUSTER_MAX_SESSIONS: '375', CLUSTER_LOG_RETENTION_DAYS: '2' },
    server,
  );
  expect(set).toMatchObject({ maxSessions: 375, logRetentionMs: 2 * 24 * 3_600_000 });
  const unset = clusterConfigOf({ CLUSTER: '1', ...secrets }, server);
  expect(unset).toMatchObject({ maxSessions: Number.MAX_SAFE_INTEGER, logRetentionMs: 7 * 24 * 3_600_000 });
});
