#!/usr/bin/env node
// `pnpm start:cluster`: N server nodes on this machine behind one address, on PostgreSQL and NATS, to try the
// cluster mode (server/docs/cluster.md). CLUSTER_NODES (3), PORT (3000, the one address to open),
// DATABASE_URL (postgres://postgres@127.0.0.1:5432/synctrade, created if missing), NATS_URL
// (nats://127.0.0.1:4222). Node i listens on PORT + i. The shared secrets are kept in server/data/cluster.json.
// SIGTERM or Ctrl-C drains every node (each hands its copy groups over) and stops.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'server');
const count = Number(process.env.CLUSTER_NODES ?? 3);
const port = Number(process.env.PORT ?? 3000);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/synctrade';
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;

// One set of secrets for every node (tokens signed by one are read by all; broker credentials opened by all).
const dataDir = path.join(serverDir, 'data');
mkdirSync(dataDir, { recursive: true });
const secretsFile = path.join(dataDir, 'cluster.json');
if (!existsSync(secretsFile))
  writeFileSync(
    secretsFile,
    JSON.stringify({
      JWT_SECRET: randomBytes(32).toString('base64url'),
      SECRETS_KEY: randomBytes(32).toString('base64'),
      SIM_SEED: String(1 + Math.floor(Math.random() * 1e9)),
    }),
    { mode: 0o600 },
  );
const secrets = JSON.parse(readFileSync(secretsFile, 'utf8'));

// The database is created if missing (the first node migrates it).
const name = new URL(databaseUrl).pathname.slice(1);
const admin = new URL(databaseUrl);
admin.pathname = '/postgres';
const exists = spawnSync(
  'psql',
  [admin.toString(), '-tAc', `SELECT 1 FROM pg_database WHERE datname = '${name}'`],
  {
    encoding: 'utf8',
  },
);
if (exists.status === 0 && exists.stdout.trim() !== '1')
  spawnSync('psql', [admin.toString(), '-c', `CREATE DATABASE "${name}"`], { stdio: 'inherit' });

const nodes = [];
function startNode(index) {
  const nodePort = port + index;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    stdio: 'inherit',
    // Its own process group: Ctrl-C reaches this script, which drains the nodes one at a time.
    detached: true,
    env: {
      ...process.env,
      ...secrets,
      ...Object.fromEntries(
        Object.keys(secrets)
          .filter((k) => process.env[k])
          .map((k) => [k, process.env[k]]),
      ),
      DATABASE_URL: databaseUrl,
      NATS_URL: natsUrl,
      NODE_ID: process.env[`NODE_ID_${index}`] ?? `node-${index}`,
      PORT: String(nodePort),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      DATA_DIR: path.join(dataDir, `node-${index}`),
      TRUST_PROXY: 'true',
    },
  });
  const node = { index, port: nodePort, child, healthy: false };
  nodes[index - 1] = node;
  child.on('exit', () => {
    node.healthy = false;
  });
}
for (let i = 1; i <= count; i += 1) startNode(i);

// Health: a node takes new connections only while it answers.
setInterval(() => {
  for (const node of nodes)
    fetch(`http://127.0.0.1:${node.port}/api/v1/health`)
      .then((answer) => (node.healthy = answer.ok))
      .catch(() => (node.healthy = false));
}, 1000).unref();

// One address: connections (HTTP and the feed's WebSocket alike) go round robin to the healthy nodes.
let next = 0;
const proxy = net.createServer((client) => {
  const healthy = nodes.filter((node) => node.healthy);
  if (healthy.length === 0) return client.destroy();
  const node = healthy[next++ % healthy.length];
  const upstream = net.connect(node.port, '127.0.0.1');
  client.pipe(upstream).pipe(client);
  client.on('error', () => upstream.destroy());
  upstream.on('error', () => client.destroy());
});
proxy.listen(port, process.env.HOST ?? '127.0.0.1', () =>
  console.log(`SyncTrade cluster: ${count} nodes behind ${publicUrl} (PostgreSQL ${name}, NATS ${natsUrl})`),
);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  proxy.close();
  // Each node drains on SIGTERM; one at a time, so the others take its groups.
  (async () => {
    for (const node of nodes) {
      if (node.child.exitCode !== null) continue;
      node.child.kill('SIGTERM');
      await new Promise((resolve) => node.child.once('exit', resolve));
    }
    process.exit(0);
  })();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
