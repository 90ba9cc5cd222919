import { startFakeRithmic, type FakeRithmic } from '../../fakes/rithmic/server';
import { encodeRequest, login, RawRithmic } from './support/fake-client';

const ORDER_PLANT = 2;
const PNL_PLANT = 4;

describe('fake Rithmic gateway: framing, login, sessions', () => {
  let fake: FakeRithmic;
  const open: RawRithmic[] = [];

  async function start(options: Parameters<typeof startFakeRithmic>[0] = {}): Promise<void> {
    fake = await startFakeRithmic(options);
    fake.addUser({ user: 'trader', password: 'pw' });
    fake.addUser({ user: 'unsigned', password: 'pw', agreementsSigned: false });
    fake.addUser({ user: 'apex-only', password: 'pw', systems: ['Apex'] });
    fake.addUser({ user: 'two', password: 'pw', maxSessions: 2 });
    fake.addAccount({ user: 'trader', accountId: 'ACC-1' });
  }
  async function raw(): Promise<RawRithmic> {
    const client = await RawRithmic.open(fake.url);
    open.push(client);
    return client;
  }
  async function logIn(user = 'trader', infraType = ORDER_PLANT, system = 'Rithmic Test') {
    const result = await login(fake.url, { user, password: 'pw', system, infraType });
    open.push(result.client);
    return result;
  }
  afterEach(async () => {
    for (const c of open.splice(0)) c.close();
    await fake.close();
  });

  it('answers a malformed frame, bytes that are not protobuf and an unknown template with 75, and lives on', async () => {
    await start();
    const client = await raw();
    client.sendRaw(Buffer.from([0, 0]));
    expect((await client.next((m) => m.template_id === 75)).rp_code).toEqual(
      expect.arrayContaining(['3', 'frame shorter than its length prefix']),
    );
    const lying = Buffer.alloc(8);
    lying.writeInt32BE(100, 0);
    client.sendRaw(lying);
    expect((await client.next((m) => m.template_id === 75)).rp_code?.toString()).toMatch(/length prefix 100/);
    const garbage = Buffer.from([0, 0, 0, 3, 0xff, 0xff, 0xff]);
    client.sendRaw(garbage);
    expect((await client.next((m) => m.template_id === 75)).rp_code?.[1]).toBe('malformed message');
    const id = client.send(358);
    expect(await client.next((m) => m.template_id === 75)).toMatchObject({
      user_msg: [id],
      rp_code: ['3', 'unknown template_id', '358'],
    });
    // Still serving.
    client.send(16);
    expect((await client.next((m) => m.template_id === 17)).rp_code).toEqual(['0']);
  });

  it('closes on a text frame and on a frame over the cap', async () => {
    await start();
    const text = await raw();
    text.sendRaw('hello');
    expect(await text.closedWith()).toEqual({ code: 1003, reason: 'R|Protocol frames are binary' });
    const big = await raw();
    big.sendRaw(encodeRequest(16, { user_msg: ['x'.repeat(70_000)] }));
    expect((await big.closedWith()).code).toBe(1009);
  });

  it('refuses requests before login with 75, and answers 17 without login', async () => {
    await start();
    const client = await raw();
    const id = client.send(300);
    expect(await client.next((m) => m.template_id === 75)).toMatchObject({
      user_msg: [id],
      rp_code: ['3', 'not logged in'],
    });
    const order = client.send(312, { account_id: 'ACC-1', symbol: 'ESZ6', exchange: 'CME', quantity: 1 });
    expect((await client.next((m) => m.template_id === 75)).user_msg).toEqual([order]);
    expect(fake.world.orders()).toEqual([]);
  });

  it('refuses bad passwords, disallowed systems and unsigned agreements with their rp_codes', async () => {
    await start();
    const wrong = await login(fake.url, {
      user: 'trader',
      password: 'nope',
      system: 'Rithmic Test',
      infraType: 2,
    });
    open.push(wrong.client);
    expect(wrong.answer.rp_code?.[0]).toBe('13');
    expect(wrong.answer.rp_code?.[1]).toMatch(/bad user name or password/);
    expect((await logIn('nobody')).answer.rp_code?.[1]).toMatch(/bad user name or password/);
    expect((await logIn('trader', ORDER_PLANT, 'Some Other System')).answer.rp_code?.[1]).toMatch(/system/);
    expect((await logIn('apex-only', ORDER_PLANT, 'Rithmic Test')).answer.rp_code?.[1]).toMatch(/system/);
    expect((await logIn('apex-only', ORDER_PLANT, 'Apex')).answer.rp_code).toEqual(['0']);
    expect((await logIn('unsigned')).answer.rp_code).toEqual(['13', 'permission denied']);
    // A refused login leaves the socket logged out.
    const { client } = await logIn('unsigned');
    client.send(300);
    expect((await client.next((m) => m.template_id === 75)).rp_code).toEqual(['3', 'not logged in']);
  });

  it('accepts template versions 3.9 and 5.42 and all four plants, refuses others', async () => {
    await start();
    for (const [version, infra, ok] of [
      ['3.9', 2, true],
      ['5.42', 4, true],
      ['5.42', 1, true],
      ['3.9', 3, true],
      ['4.0', 2, false],
      ['3.9', 5, false],
    ] as const) {
      const client = await raw();
      const id = client.send(10, {
        template_version: version,
        user: 'two',
        password: 'pw',
        system_name: 'Rithmic Test',
        infra_type: infra,
      });
      const answer = await client.next((m) => m.template_id === 11 && (m.user_msg as string[])[0] === id);
      expect([version, infra, answer.rp_code?.[0] === '0']).toEqual([version, infra, ok]);
      client.close();
    }
  });

  it('answers heartbeats and drops a login silent for 2 × heartbeat_interval', async () => {
    await start({ heartbeatSeconds: 0.15 });
    const { client, answer } = await logIn();
    expect(answer.heartbeat_interval).toBe(0.15);
    const { client: quiet } = await logIn('two');
    const neverLoggedIn = await raw();
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setTimeout(r, 120));
      const id = client.send(18);
      expect((await client.next((m) => m.template_id === 19)).user_msg).toEqual([id]);
    }
    expect(client.closed).toBeNull();
    expect(await quiet.closedWith()).toEqual({ code: 4000, reason: 'heartbeat timeout' });
    expect(await neverLoggedIn.closedWith()).toEqual({ code: 4000, reason: 'heartbeat timeout' });
  });

  it('logs out on 12 → 13 and closes the socket', async () => {
    await start();
    const { client } = await logIn();
    const id = client.send(12);
    expect(await client.next((m) => m.template_id === 13)).toMatchObject({ user_msg: [id], rp_code: ['0'] });
    expect((await client.closedWith()).code).toBe(1000);
  });

  it('sends 77 ForcedLogout to the oldest session past the cap, per plant', async () => {
    await start();
    const { client: first } = await logIn();
    const { client: pnl } = await logIn('trader', PNL_PLANT);
    const { client: second } = await logIn();
    const forced = await first.next((m) => m.template_id === 77);
    expect(Object.entries(forced).filter(([, v]) => !(Array.isArray(v) && v.length === 0))).toEqual([
      ['template_id', 77],
    ]);
    expect((await first.closedWith()).code).toBe(4002);
    expect(second.closed).toBeNull();
    expect(pnl.closed).toBeNull();
    // maxSessions 2: two order sessions live together, the third logs out the first.
    const { client: a } = await logIn('two');
    const { client: b } = await logIn('two');
    await new Promise((r) => setTimeout(r, 50));
    expect([a.closed, b.closed]).toEqual([null, null]);
    const { client: c } = await logIn('two');
    await a.next((m) => m.template_id === 77);
    expect(b.closed).toBeNull();
    expect(c.closed).toBeNull();
    // forceLogout() by hand, one plant.
    fake.forceLogout('trader', 'pnl');
    await pnl.next((m) => m.template_id === 77);
    expect(second.closed).toBeNull();
  });

  it('refuses another plant’s templates with 75', async () => {
    await start();
    const { client } = await logIn('trader', PNL_PLANT);
    const id = client.send(312, { account_id: 'ACC-1' });
    expect(await client.next((m) => m.template_id === 75)).toMatchObject({
      user_msg: [id],
      rp_code: ['3', 'template not served by this plant'],
    });
  });

  it('throttles requests per session with the configured budget, answering on the request’s own template', async () => {
    await start({ limits: { perWindow: 3, windowMs: 60_000 } });
    const { client } = await logIn();
    const ids = [client.send(18), client.send(18), client.send(18), client.send(18)];
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await client.next((m) => m.template_id === 19));
    expect(answers.map((a) => [a.user_msg, a.rp_code])).toEqual([
      [[ids[0]], ['0']],
      [[ids[1]], ['0']],
      [[ids[2]], ['0']],
      [[ids[3]], ['9', 'request rate exceeded']],
    ]);
    expect(fake.world.requests(18)).toBe(4);
  });

  it('lets requests through unthrottled with limits off', async () => {
    await start({ limits: 'off' });
    const { client } = await logIn();
    for (let i = 0; i < 1200; i++) client.send(18);
    for (let i = 0; i < 1200; i++)
      expect((await client.next((m) => m.template_id === 19)).rp_code).toEqual(['0']);
  });
});
