import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { encodeFrame, type RithmicMessage } from '../../src/brokers/rithmic/codec';
import { EXCHANGE_NOTIFY, RITHMIC_NOTIFY } from '../../src/brokers/rithmic/codes';
import { PlantSocket } from '../../src/brokers/rithmic/plant-socket';

/**
 * The gateway sends an order's notifications in bursts (one TCP read holds the fill and the 351s after it). The
 * copy of a fill must not wait while the rest of the burst is decoded and applied: frames after a live fill are
 * handled in the next turn, in the order they came, and the fill's reaction (microtasks) runs before them.
 */
describe('Rithmic plant socket: a live fill is acted on before the rest of its burst', () => {
  let server: WebSocketServer;
  let gateway: WebSocket;
  let plant: PlantSocket | undefined;
  const log: string[] = [];

  const fill = (fillId: string): Buffer =>
    encodeFrame(352, {
      notify_type: EXCHANGE_NOTIFY.FILL,
      basket_id: `B-${fillId}`,
      account_id: 'ACC-1',
      fill_id: fillId,
    });
  const complete = (basketId: string): Buffer =>
    encodeFrame(351, { notify_type: RITHMIC_NOTIFY.COMPLETE, basket_id: basketId, account_id: 'ACC-1' });
  const describePush = (message: RithmicMessage): string =>
    `${message.template_id} ${String(message.fill_id ?? message.basket_id)}`;

  /** What a copy does on a fill: a few awaits (the engine's claim and send), then the order goes out. */
  async function react(what: string): Promise<void> {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
    log.push(`copied ${what}`);
  }

  /** The frames leave the gateway in one write, as the gateway's burst does. */
  function burst(frames: Buffer[]): void {
    const socket = (gateway as unknown as { _socket: { cork(): void; uncork(): void } })._socket;
    socket.cork();
    for (const frame of frames) gateway.send(frame);
    process.nextTick(() => socket.uncork());
  }

  async function until(condition: () => boolean): Promise<void> {
    while (!condition()) await new Promise((resolve) => setImmediate(resolve));
  }

  beforeEach(async () => {
    log.length = 0;
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    const connected = new Promise<WebSocket>((resolve) => server.once('connection', resolve));
    const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
    plant = await PlantSocket.open(
      url,
      { connectTimeoutMs: 2_000, requestTimeoutMs: 2_000 },
      {
        onPush: (message) => {
          log.push(describePush(message));
          if (message.template_id === 352) void react(String(message.fill_id));
        },
        onForcedLogout: () => undefined,
        onClosed: (reason) => log.push(`closed: ${reason}`),
        warn: (message) => log.push(`warn: ${message}`),
      },
    );
    gateway = await connected;
  });

  afterEach(async () => {
    plant?.close('test over');
    await new Promise((resolve) => server.close(resolve));
  });

  it('copies the fill before the order notifications read with it', async () => {
    burst([fill('F1'), complete('B-F1')]);
    await until(() => log.length >= 3);
    expect(log).toEqual(['352 F1', 'copied F1', '351 B-F1']);
  });

  it('keeps the burst in order around two fills, each copied before what follows it', async () => {
    burst([complete('B-0'), fill('F1'), complete('B-F1'), fill('F2'), complete('B-F2'), complete('B-9')]);
    await until(() => log.length >= 8);
    expect(log).toEqual([
      '351 B-0',
      '352 F1',
      'copied F1',
      '351 B-F1',
      '352 F2',
      'copied F2',
      '351 B-F2',
      '351 B-9',
    ]);
  });

  it('still answers a request whose answer came right after a fill', async () => {
    const socket = plant;
    if (socket === undefined) throw new Error('no plant');
    gateway.once('message', (data: Buffer) => {
      void data;
      // The heartbeat's answer (19) follows a fill in the same write.
      burst([fill('F3'), encodeFrame(19, { user_msg: ['1'], rp_code: ['0'] })]);
    });
    const answer = await socket.request(18, {});
    expect(answer.final.template_id).toBe(19);
    expect(log).toEqual(['352 F3', 'copied F3']);
  });

  it('sends the requests of one turn (a fill copied to the accounts of one login) in one write', async () => {
    const socket = plant;
    if (socket === undefined) throw new Error('no plant');
    const tcp = (socket as unknown as { ws: { _socket: { _writev: unknown; _write: unknown } } }).ws._socket;
    let writes = 0;
    for (const method of ['_writev', '_write'] as const) {
      const original = tcp[method] as (...args: unknown[]) => unknown;
      tcp[method] = (...args: unknown[]): unknown => {
        writes += 1;
        return original.apply(tcp, args);
      };
    }
    const heard: number[] = [];
    gateway.on('message', () => heard.push(heard.length));
    const answers = Array.from({ length: 10 }, () => socket.request(18, {}).catch(() => undefined));
    await until(() => heard.length === 10);
    expect(writes).toBe(1);
    // The next turn's request is a write of its own.
    void socket.request(18, {}).catch(() => undefined);
    await until(() => heard.length === 11);
    expect(writes).toBe(2);
    socket.close('test over');
    await Promise.all(answers);
  });

  it('hands nothing on once closed while the rest of a burst waits', async () => {
    const closing = new Promise<void>((resolve) => {
      const socket = plant;
      if (socket === undefined) throw new Error('no plant');
      socket.setHandlers({
        onPush: (message) => {
          log.push(describePush(message));
          if (message.template_id === 352) socket.close('user logged out');
          resolve();
        },
        onForcedLogout: () => undefined,
        onClosed: (reason) => log.push(`closed: ${reason}`),
        warn: (message) => log.push(`warn: ${message}`),
      });
    });
    burst([fill('F4'), complete('B-F4'), complete('B-5')]);
    await closing;
    // The rest of the burst would be handled in the next turn: two turns later it has been, or never will be.
    for (let turn = 0; turn < 2; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['352 F4', 'closed: user logged out']);
  });
});
