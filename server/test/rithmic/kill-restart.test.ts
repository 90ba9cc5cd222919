import { randomBytes } from 'node:crypto';
import { startFakeRithmic, type FakeRithmic } from '../../fakes/rithmic/server';
import {
  type Api,
  connectPaper,
  expectedFollower,
  registerTrader,
  request,
  signedQty,
  waitForDesk,
} from '../support/server-api';
import { serverData } from '../support/server-data';
import { freePort, startServer, type ServerProcess } from '../support/server-process';

/**
 * The real server in a child process copying a paper leader to a Rithmic follower on the fake gateway, killed
 * with SIGKILL while the leader trades, then started again on the same data. Each round is a real process start,
 * so the suite runs 3 rounds (`RITHMIC_RESTART_ROUNDS` sets any number, `RITHMIC_RESTART_SEED` replays a run).
 */
const ROUNDS = Number(process.env.RITHMIC_RESTART_ROUNDS ?? 3);
const RATIO = 2;

jest.setTimeout(15 * 60_000);

const seed = Number(process.env.RITHMIC_RESTART_SEED ?? Date.now() % 1_000_000);
let state = seed;
function random(): number {
  state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
  return state / 2_147_483_648;
}

/** Every total the in-flight tickets could add, each executed or not. */
function reachable(inflight: readonly number[]): Set<number> {
  let sums = new Set([0]);
  for (const qty of inflight) sums = new Set([...sums, ...[...sums].map((sum) => sum + qty)]);
  return sums;
}

/** The E-mini S&P months the paper ticket may trade today, priced at the fake (its ES and its micro). */
function esMonths(): string[] {
  const year = new Date().getUTCFullYear() % 10;
  const next = (year + 1) % 10;
  return ['H', 'M', 'U', 'Z'].flatMap((month) => [`ES${month}${year}`, `ES${month}${next}`]);
}

describe('Rithmic follower across killed servers', () => {
  const data = serverData('rithmic-kill', { SIM_SEED: String(seed), RITHMIC_APP_NAME: 'test:SyncTrade' });
  const { env } = data;
  let fake: FakeRithmic;
  let server: ServerProcess | null = null;

  beforeAll(async () => {
    fake = await startFakeRithmic();
    fake.addUser({ user: 'tara', password: 'rithmic-pass-1' });
    fake.addAccount({ user: 'tara', accountId: 'APEX-77', name: 'APEX-77' });
    for (const symbol of esMonths()) fake.setPrice(symbol, 'CME', 6000);
    env.RITHMIC_GATEWAYS = `Rithmic Test=${fake.url}`;
    await data.open();
  });

  afterAll(async () => {
    await server?.kill();
    await fake?.close();
    await data.remove();
  });

  it(`when the server is killed ${ROUNDS} times while a paper leader trades, then no copy reaches Rithmic twice, nothing is lost and the Rithmic follower ends at leader × ratio`, async () => {
    const port = await freePort();
    server = await startServer(port, env);
    const api: Api = { url: server.url, token: '' };
    await registerTrader(api, `rithmic-killed-${randomBytes(4).toString('hex')}@example.com`);
    await connectPaper(api);
    const connected = await request<{ message: string }>(api, 'POST', '/brokers/rithmic/connect-login', {
      connection_name: 'Apex eval',
      environment: 'demo',
      gateway: 'Rithmic Test',
      system_name: 'Rithmic Paper Trading',
      user_name: 'tara',
      password: 'rithmic-pass-1',
    });
    expect(connected.status).toBe(201);
    const rows = await waitForDesk(api, (list) => list.length === 5, 'the accounts never showed');
    const follower = rows.find((row) => row.account_id === 'APEX-77');
    const leader = rows.find((row) => row !== follower);
    if (!follower || !leader) throw new Error('The Rithmic and paper accounts are not on the desk');
    expect(
      (await request(api, 'PUT', `/copier/accounts/${leader.id}/master`, { followers: 'align' })).status,
    ).toBe(200);
    // Every other paper account is a follower by default: only the Rithmic account follows here.
    for (const row of rows)
      if (row.id !== leader.id && row.id !== follower.id)
        await request(api, 'DELETE', `/copier/accounts/${row.id}/follower`);
    expect((await request(api, 'PUT', `/copier/accounts/${follower.id}/follower`)).status).toBe(200);
    expect(
      (await request(api, 'PUT', `/copier/accounts/${follower.id}/ratio`, { ratio: RATIO })).status,
    ).toBe(200);

    const leaderPosition = async (): Promise<number> => {
      const ledger = await request<{ positions: Array<{ net_pos: number }> }>(
        api,
        'GET',
        `/sim/accounts/${leader.id}/ledger`,
      );
      return ledger.body.positions.reduce((sum, p) => sum + p.net_pos, 0);
    };
    const ticket = (body: object): Promise<number> =>
      fetch(`${api.url}/api/v1/sim/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ account_id: leader.id, contract: 'ES', order_type: 'Market', ...body }),
      }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
        () => 0, // the connection died with the server: the outcome is unknown
      );

    let position = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const wanted = 1 + Math.floor(random() * 4);
      let acked = 0;
      let ackedQty = 0;
      const unknown: number[] = [];
      let killing: Promise<void> | null = null;
      const client = async (): Promise<void> => {
        while (killing === null) {
          const estimate = position + ackedQty;
          const side = estimate > 3 ? 'sell' : estimate < -3 ? 'buy' : random() < 0.5 ? 'buy' : 'sell';
          const qty = 1 + Math.floor(random() * 2);
          const status = await ticket({ side, qty });
          const signed = side === 'buy' ? qty : -qty;
          if (status === 200) {
            acked += 1;
            ackedQty += signed;
            if (acked >= wanted && killing === null) killing = server?.kill() ?? Promise.resolve();
          } else if (status === 0) unknown.push(signed);
          else throw new Error(`ticket answered ${status}`);
        }
      };
      await Promise.all([client(), client()]);
      await killing;
      server = await startServer(port, env);
      api.url = server.url;
      const now = await leaderPosition();
      if (!reachable(unknown).has(now - position - ackedQty))
        throw new Error(
          `round ${round} (seed ${seed}): leader ${now}, before ${position}, acknowledged ${ackedQty}, unanswered ${JSON.stringify(unknown)}`,
        );
      position = now;
    }

    // One more trade on the restarted server, away from flat: the follower must then hold something, so the
    // check below sees copies even when the rounds ended flat before any Rithmic session came up (a loaded
    // machine).
    expect(await ticket({ side: position >= 0 ? 'buy' : 'sell', qty: 1 })).toBe(200);
    position = await leaderPosition();
    expect(position).not.toBe(0);
    const wantedFollower = expectedFollower(position, RATIO);
    // What the gateway itself holds, summed over the months the ticket may trade.
    const held = (): number =>
      esMonths().reduce((sum, symbol) => sum + fake.world.position('APEX-77', symbol).netQty, 0);
    await waitForDesk(
      api,
      (list) =>
        held() === wantedFollower &&
        list.find((row) => row.id === follower.id)?.state === 'ok' &&
        signedQty(list.find((row) => row.id === follower.id)) === wantedFollower,
      `the Rithmic follower never reached leader × ratio (leader ${position}, at the gateway ${held()}, seed ${seed})`,
    );
    // Every copy the gateway took, once.
    const tags = fake.world
      .orders()
      .map((order) => order.userTag)
      .filter((tag): tag is string => tag !== null && tag !== '');
    expect(tags.length).toBeGreaterThan(0);
    expect(tags.filter((tag, index) => tags.indexOf(tag) !== index)).toEqual([]);
    expect(fake.world.orders().every((order) => order.manualOrAuto === 'AUTO')).toBe(true);
    await server.stop();
    server = null;
  });
});
