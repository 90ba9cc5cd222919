import type { FeedMessage } from '@synctrade/api/types';
import type { WebSocket } from 'ws';
import { FeedClient, SLOW_CLIENT_BYTES } from '../../src/realtime/feed-client';

/** A socket whose send buffer we control, to stand for a client on a slow link. */
function slowSocket(): { socket: WebSocket; sent: FeedMessage[]; setBuffered: (bytes: number) => void } {
  const sent: FeedMessage[] = [];
  let buffered = 0;
  const socket = {
    OPEN: 1,
    readyState: 1,
    get bufferedAmount() {
      return buffered;
    },
    send: (data: string) => sent.push(JSON.parse(data) as FeedMessage),
  } as unknown as WebSocket;
  return { socket, sent, setBuffered: (bytes) => (buffered = bytes) };
}

const accounts = (balance: number): FeedMessage => ({
  type: 'account_data',
  accounts: [
    { id: 1, balance } as unknown as Extract<FeedMessage, { type: 'account_data' }>['accounts'][number],
  ],
});

describe('a slow feed client', () => {
  it('when the socket keeps up, then every message goes out at once', () => {
    const { socket, sent } = slowSocket();
    const client = new FeedClient(socket, 1, 's');
    client.send(accounts(1));
    client.send(accounts(2));
    expect(sent).toHaveLength(2);
  });

  it('when the socket falls behind, then only the latest account_data is kept and sent once it drains', () => {
    const { socket, sent, setBuffered } = slowSocket();
    const client = new FeedClient(socket, 1, 's');
    setBuffered(SLOW_CLIENT_BYTES + 1);
    for (let balance = 0; balance < 10_000; balance += 1) client.send(accounts(balance));
    client.send({ type: 'heartbeat', time: 'now' });
    expect(sent).toHaveLength(0);
    client.flush();
    expect(sent).toHaveLength(0);
    setBuffered(0);
    client.flush();
    expect(sent).toEqual([accounts(9_999)]);
  });

  it('when many notifications pile up behind a slow socket, then only the newest 20 are kept', () => {
    const { socket, sent, setBuffered } = slowSocket();
    const client = new FeedClient(socket, 1, 's');
    setBuffered(SLOW_CLIENT_BYTES + 1);
    for (let id = 1; id <= 100; id += 1) {
      client.send({
        type: 'notification',
        notification: { id, kind: 'info', title: 't', message: 'm', created_at: '', read: false },
        unread: id,
      });
    }
    setBuffered(0);
    client.flush();
    expect(sent).toHaveLength(20);
    expect(sent[19]).toMatchObject({ unread: 100 });
  });
});
