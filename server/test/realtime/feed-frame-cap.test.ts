import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { getTicket, listen } from '../support/feed-client';
import { registerUser, type TestUser } from '../support/users';

const MESSAGE_TOO_BIG = 1009;

interface Outcome {
  /** The close code of the server's close frame, or null when none arrived. */
  closeCode: number | null;
  /** Whether the whole oversize frame was written (no reset while sending). */
  written: boolean;
  errors: string[];
}

/** A masked client frame (RFC 6455 section 5.2) of `payload` with the given opcode. */
function clientFrame(opcode: number, payload: Buffer): Buffer {
  const mask = randomBytes(4);
  const long = payload.length > 0xffff;
  const head = Buffer.alloc(long ? 14 : payload.length > 125 ? 8 : 6);
  head[0] = 0x80 | opcode;
  if (long) {
    head[1] = 0x80 | 127;
    head.writeBigUInt64BE(BigInt(payload.length), 2);
  } else if (payload.length > 125) {
    head[1] = 0x80 | 126;
    head.writeUInt16BE(payload.length, 2);
  } else head[1] = 0x80 | payload.length;
  mask.copy(head, head.length - 4);
  const body = Buffer.from(payload);
  for (let i = 0; i < body.length; i += 1) body[i] = (body[i] ?? 0) ^ (mask[i % 4] ?? 0);
  return Buffer.concat([head, body]);
}

/**
 * A plain TCP client that upgrades to the feed, sends one text frame of `size` bytes in one write, and only
 * then answers the server's close frame, as a client busy sending does.
 */
function sendOversizeFrame(port: number, ticket: string, size: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const outcome: Outcome = { closeCode: null, written: false, errors: [] };
    const socket = net.connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let upgraded = false;
    const answerClose = (): void => {
      if (outcome.written && outcome.closeCode !== null && socket.writable)
        socket.end(clientFrame(0x8, Buffer.from([MESSAGE_TOO_BIG >> 8, MESSAGE_TOO_BIG & 0xff])));
    };
    socket.on('data', (data) => {
      received = Buffer.concat([received, data]);
      if (!upgraded) {
        const end = received.indexOf('\r\n\r\n');
        if (end < 0) return;
        upgraded = true;
        received = received.subarray(end + 4);
        socket.write(clientFrame(0x1, Buffer.alloc(size, 0x61)), (error) => {
          if (error === undefined || error === null) outcome.written = true;
          answerClose();
        });
      }
      // Server frames are not masked; the feed sends text frames first (snapshot), then the close frame.
      let at = 0;
      while (at + 2 <= received.length) {
        const opcode = (received[at] ?? 0) & 0x0f;
        let length = (received[at + 1] ?? 0) & 0x7f;
        let start = at + 2;
        if (length === 126) {
          if (at + 4 > received.length) break;
          length = received.readUInt16BE(at + 2);
          start = at + 4;
        } else if (length === 127) {
          if (at + 10 > received.length) break;
          length = Number(received.readBigUInt64BE(at + 2));
          start = at + 10;
        }
        if (start + length > received.length) break;
        if (opcode === 0x8 && length >= 2) outcome.closeCode = received.readUInt16BE(start);
        at = start + length;
      }
      received = received.subarray(at);
      answerClose();
    });
    socket.on('error', (error) => outcome.errors.push(String(error)));
    socket.on('close', () => resolve(outcome));
    socket.write(
      [
        `GET /ws/accounts?token=${encodeURIComponent(ticket)} HTTP/1.1`,
        'Host: 127.0.0.1',
        'Upgrade: websocket',
        'Connection: Upgrade',
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
        'Sec-WebSocket-Version: 13',
        '',
        '',
      ].join('\r\n'),
    );
  });
}

describe('the feed caps what a client may send', () => {
  let t: TestApp;
  let port: number;
  let user: TestUser;

  beforeAll(async () => {
    t = await buildTestApp();
    port = Number(new URL((await listen(t.app)).replace(/^ws/, 'http')).port);
    user = await registerUser(t.app);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('when a client sends a 20 MB message, then it receives close code 1009 and its connection is not reset while sending', async () => {
    const ticket = await getTicket(t.app, user.token);
    const outcome = await sendOversizeFrame(port, ticket, 20 * 1024 * 1024);
    expect(outcome).toEqual({ closeCode: MESSAGE_TOO_BIG, written: true, errors: [] });
  }, 60_000);
});
