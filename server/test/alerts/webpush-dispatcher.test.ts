import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import webpush from 'web-push';
import { startFakePush, type FakePushService } from '../../fakes/push/server';

const run = promisify(execFile);
const SERVER_DIR = path.join(__dirname, '..', '..');

/**
 * A process of its own, as the server is: there the undici package (loaded by the ProjectX gateway before any
 * fetch) becomes fetch's global dispatcher. Jest's sandbox has a global of its own, so it is not reproduced in it.
 */
const SCRIPT = `
import 'undici';
const sender = await import('./src/alerts/senders/webpush.ts');
const { sendWebPush } = sender.default ?? sender;
const [target, vapid, host] = JSON.parse(process.argv[1]);
const outcome = await sendWebPush(target, {
  title: 'Copy to APEX-1 failed', text: 'Buy 1 ESZ6: Insufficient margin', url: 'https://app.example.com/syncdesk',
}, { vapid, timeoutMs: 2000, testHosts: [host] });
process.stdout.write(JSON.stringify(outcome));
`;

describe('push alerts in the running server', () => {
  let push: FakePushService;
  beforeAll(async () => {
    push = await startFakePush();
  });
  afterAll(() => push.close());

  it("when the undici package's agent is fetch's dispatcher, then a push still reaches the service, decrypted whole", async () => {
    const keys = webpush.generateVAPIDKeys();
    const vapid = {
      subject: 'mailto:ops@synctrade.test',
      publicKey: keys.publicKey,
      privateKey: keys.privateKey,
    };
    const { stdout } = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        SCRIPT,
        JSON.stringify([push.subscribe(), vapid, push.host]),
      ],
      { cwd: SERVER_DIR, timeout: 60_000 },
    );
    expect(JSON.parse(stdout)).toEqual({ kind: 'sent' });
    expect(JSON.parse(push.deliveries.at(-1)?.plaintext ?? '{}')).toEqual({
      title: 'Copy to APEX-1 failed',
      body: 'Buy 1 ESZ6: Insufficient margin',
      url: 'https://app.example.com/syncdesk',
    });
  });
});
