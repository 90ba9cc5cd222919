/** The ProjectX side of the limited bench: the fake gateway with its published limits (its default). */
import { createProjectXAdapter } from '../../src/brokers/projectx/index';
import { toContractId } from '../../src/brokers/projectx/symbols';
import type { BrokerAdapter } from '../../src/brokers/types';
import { realGatewayLimits } from '../../fakes/projectx/rate-window';
import { type FakeProjectX, startFakeProjectX } from '../../fakes/projectx/server';
import { LIMITED_ACCOUNTS, type LimitedBench, type LoginRequest } from './limited';
import type { BenchLogin } from './rig';

const SYMBOL = `ESZ${new Date().getUTCFullYear() % 10}`;
let nextAccount = 1000;
/** Calls that send, change or cancel an order (the rest are reads). */
const ORDER_PATHS = /^(Order\/(place|cancel|modify)|Position\/(closeContract|partialCloseContract))$/;

/** A ProjectX login of `size` accounts at the fake, connected through the adapter. */
export async function addProjectXLogin(
  fake: FakeProjectX,
  adapter: BrokerAdapter,
  userName: string,
  size: number,
): Promise<BenchLogin> {
  fake.addUser({ userName, apiKey: `key-${userName}` });
  const accounts = Array.from({ length: size }, () =>
    String(fake.addAccount({ id: (nextAccount += 1), userName, maxContracts: 1_000 }).id),
  );
  const connected = await adapter.connectWithApiKey!({
    userName,
    apiKey: `key-${userName}`,
    environment: 'demo',
    restUrl: fake.restUrl,
    hubUrl: fake.hubUrl,
  });
  return { credentials: connected.credentials, accounts };
}

export async function projectXLimited(): Promise<LimitedBench> {
  const fake = await startFakeProjectX({ limits: 'real' });
  // The adapter keeps its default budgets (the gateway's window and the engine's share of it).
  const adapter = createProjectXAdapter({
    hosts: { custom: 'off', privateHosts: [new URL(fake.restUrl).host] },
  });
  const contractId = toContractId(SYMBOL);
  fake.setPrice(contractId, 6000);
  const leader = await addProjectXLogin(fake, adapter, 'bench-leader', 1);
  const follower = await addProjectXLogin(fake, adapter, 'bench-followers', LIMITED_ACCOUNTS);
  const requests: LoginRequest[] = [];
  let refused = 0;
  fake.world.onRequest = (userName, path, limited) => {
    if (userName !== 'bench-followers') return;
    requests.push({ at: Date.now(), order: ORDER_PATHS.test(path) });
    if (limited) refused += 1;
  };
  return {
    broker: 'ProjectX',
    limit: { requests: realGatewayLimits.perWindow, windowMs: realGatewayLimits.windowMs },
    adapter,
    leader,
    follower,
    leaderTrades(qty) {
      fake.venue.place({
        accountId: Number(leader.accounts[0]),
        contractId,
        type: 2,
        side: qty > 0 ? 0 : 1,
        size: Math.abs(qty),
      });
    },
    position(externalId) {
      const held = fake.venue.positions.get(`${externalId}:${contractId}`);
      if (held === undefined) return 0;
      return held.type === 1 ? held.size : -held.size;
    },
    followerRequests: () => requests,
    refusals: () => `${refused} HTTP 429`,
    close: () => fake.close(),
  };
}
