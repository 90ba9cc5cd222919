import type { FeedSocket } from '../api/feed-connection';

/** A WebSocket stand-in for jsdom (which has no feed server): tests open, feed and drop it by hand. */
export class FakeSocket implements FeedSocket {
  static instances: FakeSocket[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  closeCode: number | undefined;
  /** What the client sent (parsed JSON). */
  sent: unknown[] = [];

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }

  static reset(): void {
    FakeSocket.instances = [];
  }

  static latest(): FakeSocket {
    const socket = FakeSocket.instances.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  close(code?: number): void {
    this.closed = true;
    this.closeCode = code;
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data) as unknown);
  }

  open(): void {
    this.onopen?.(new Event('open'));
  }

  /** Delivers a frame: objects are sent as JSON, strings as they are. */
  receive(data: unknown): void {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) } as MessageEvent);
  }

  /** The server or the network drops the link. */
  drop(code = 1006): void {
    this.closed = true;
    this.onclose?.({ code } as CloseEvent);
  }
}
