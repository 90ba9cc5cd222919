import WebSocket from 'ws';

/** A bare HTTP caller of the fake, independent of the adapter, for protocol tests. */
export async function post(
  base: string,
  path: string,
  body: object,
  token?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${base}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** A raw SignalR JSON-protocol client: records every message the hub sends. */
export class RawHub {
  readonly messages: Array<Record<string, unknown>> = [];
  private waiters: Array<() => void> = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      for (const record of String(data).split('\u001e'))
        if (record) this.messages.push(JSON.parse(record) as Record<string, unknown>);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static async open(hubUrl: string, token: string): Promise<RawHub> {
    const ws = new WebSocket(`${hubUrl.replace(/^http/, 'ws')}?access_token=${encodeURIComponent(token)}`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new RawHub(ws);
  }

  send(message: object): void {
    this.ws.send(JSON.stringify(message) + '\u001e');
  }

  async waitFor(predicate: (message: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
    for (;;) {
      const found = this.messages.find(predicate);
      if (found) return found;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  close(): void {
    this.ws.close();
  }
}
