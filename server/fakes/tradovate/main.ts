import { startFakeTradovate } from './server';
import { limitsFromArgs } from '../limits-arg';

/** `pnpm --filter server fake-tradovate`: a fake Tradovate for local runs and browser tests, seeded with traders. */
async function main(): Promise<void> {
  const limits = limitsFromArgs(process.argv.slice(2), process.env.FAKE_TRADOVATE_LIMITS, 'off');
  const fake = await startFakeTradovate({
    port: Number(process.env.FAKE_TRADOVATE_PORT ?? 8788),
    tokenLifetimeSec: Number(process.env.FAKE_TRADOVATE_TOKEN_LIFETIME ?? 4800),
    priceTickMs: Number(process.env.FAKE_TRADOVATE_PRICE_TICK_MS ?? 1000),
    clientId: process.env.TRADOVATE_CLIENT_ID || undefined,
    clientSecret: process.env.TRADOVATE_CLIENT_SECRET || undefined,
    limits,
  });
  const leader = fake.control.addUser('Lena Leader', [{ name: 'DEMO-LEADER-1', balance: 50_000 }]);
  const follower = fake.control.addUser('Finn Follower', [
    { name: 'DEMO-FOLLOW-1', balance: 25_000 },
    { name: 'DEMO-FOLLOW-2', balance: 25_000 },
  ]);
  console.log(`Fake Tradovate listening on ${fake.url}`);
  console.log(`Per-user request limit: ${limits} (--limits=real or FAKE_TRADOVATE_LIMITS=real)`);
  console.log(`Users: ${JSON.stringify([leader, follower])}`);
  console.log('Point the server at it with:');
  for (const [key, value] of Object.entries(fake.env)) console.log(`  ${key}=${value}`);
  console.log(
    `Control: POST ${fake.url}/__control/{users,token,price,order,faults,clear-faults,shutdown,close-sockets,drop-sockets,state}`,
  );
  const stop = (): void => void fake.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
