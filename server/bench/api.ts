/**
 * `pnpm bench api`: API reads under load. The real server runs in a child process (as `pnpm start` runs it,
 * logging included); autocannon drives it over loopback for `BENCH_SECONDS` (15) per figure, at 50 and 200
 * connections, on `GET /brokers/accounts/table` and `GET /auth/profile` as a signed-in trader with two paper
 * connections, beside `GET /config.json` (a route that does no work: the HTTP stack's own cost). PGlite
 * always; PostgreSQL when `BENCH_DATABASE_URL` is set. `BENCH_CPU_PROF=dir` writes the server's CPU profile.
 */
import autocannon from 'autocannon';
import { connectPaper, getJson, registerUser } from './api-client';
import { benchBackends, startServer, type Backend } from './running-server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '50,200').split(',').map(Number);

interface Row {
  backend: Backend;
  route: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  timeouts: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, connections: number, headers: Record<string, string>) {
  return autocannon({ url, connections, duration: SECONDS, headers, timeout: 10 });
}

async function runBackend(backend: Backend): Promise<Row[]> {
  const server = await startServer(backend, { cpuProfileDir: process.env.BENCH_CPU_PROF });
  const rows: Row[] = [];
  try {
    const user = await registerUser(server.url);
    await connectPaper(server.url, user, 'Paper A');
    await connectPaper(server.url, user, 'Paper B');
    const table = await getJson<unknown[]>(server.url, user, '/brokers/accounts/table');
    console.log(`${backend}: ${table.length} desk rows`);
    const routes: Array<[string, string, Record<string, string>]> = [
      ['GET /config.json (baseline)', '/config.json', {}],
      ['GET /brokers/accounts/table', '/api/v1/brokers/accounts/table', user.headers],
      ['GET /auth/profile', '/api/v1/auth/profile', user.headers],
    ];
    for (const connections of CONNECTIONS) {
      for (const [route, path, headers] of routes) {
        const result = await load(`${server.url}${path}`, connections, headers);
        const row: Row = {
          backend,
          route,
          connections,
          rps: Math.round(result.requests.average),
          p50: result.latency.p50,
          p99: result.latency.p99,
          timeouts: result.timeouts,
          errors: result.errors,
          non2xx: result.non2xx,
        };
        console.log(JSON.stringify(row));
        rows.push(row);
      }
    }
  } finally {
    await server.stop();
  }
  return rows;
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  for (const backend of benchBackends()) rows.push(...(await runBackend(backend)));
  console.log(`\n${SECONDS} s per figure, loopback\n`);
  console.log('| backend | route | connections | req/s | p50 ms | p99 ms | timeouts | errors | non-2xx |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const row of rows)
    console.log(
      `| ${row.backend} | ${row.route} | ${row.connections} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.timeouts} | ${row.errors} | ${row.non2xx} |`,
    );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
