import { createServer, type Server, type Socket } from 'node:net';
import { createSmtpMailer } from '../../src/mail/smtp-mailer';

/** The smallest SMTP server a client can deliver to (RFC 5321's replies): it keeps what each DATA carried. */
function smtpServer(received: string[]): Server {
  return createServer((socket: Socket) => {
    let data: string | null = null;
    let pending = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      pending += chunk.toString('utf8');
      for (let end = pending.indexOf('\r\n'); end >= 0; end = pending.indexOf('\r\n')) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        if (data !== null) {
          if (line === '.') {
            received.push(data);
            data = null;
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 test\r\n');
        else if (/^DATA/i.test(line)) {
          data = '';
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
}

describe('SMTP mailer', () => {
  const received: string[] = [];
  const server = smtpServer(received);
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('when two mails are sent, then the SMTP server receives both with their sender, recipient, subject and text', async () => {
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`, 'SyncTrade <no-reply@synctrade.test>');
    await mailer.send({ to: 'trader@example.test', subject: 'Reset your password', text: 'First mail' });
    await mailer.send({ to: 'other@example.test', subject: 'Second', text: 'Second mail' });
    expect(received).toHaveLength(2);
    expect(received[0]).toMatch(/^From: SyncTrade <no-reply@synctrade\.test>$/m);
    expect(received[0]).toMatch(/^To: trader@example\.test$/m);
    expect(received[0]).toMatch(/^Subject: Reset your password$/m);
    expect(received[0]).toContain('First mail');
    expect(received[1]).toMatch(/^To: other@example\.test$/m);
  });

  it('when the SMTP server cannot be reached, then sending fails with the connection error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const unused = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${unused}`, 'no-reply@synctrade.test');
    await expect(mailer.send({ to: 'a@example.test', subject: 's', text: 't' })).rejects.toThrow(
      /ECONNREFUSED/,
    );
  });
});
