import { copiesByTicket, coreWaitMs, type TicketSpan } from '../../bench/core-waits';

const span = (from: number, to: number, waitedMs: number | null = 0): TicketSpan => ({ from, to, waitedMs });
const copy = (at: number, latency_ms: number | null) => ({ time: new Date(at).toISOString(), latency_ms });

describe('the e2e bench: copies by ticket', () => {
  it('puts each copy in the ticket whose span holds its time, the ends counted to the millisecond', () => {
    const spans = [span(1_000.4, 1_010.6, 0.1), span(1_020.2, 1_030.9, 2.5)];
    const tickets = copiesByTicket(spans, [
      copy(1_000, 0.5), // stored to the millisecond: 1,000 belongs to a span sent at 1,000.4
      copy(1_011, 0.6), // 1,011 is within the first span's last millisecond, rounded up
      copy(1_020, 0.7),
      copy(1_031, 0.8),
    ]);
    expect(tickets).toEqual([
      { span: spans[0], latencies: [0.5, 0.6] },
      { span: spans[1], latencies: [0.7, 0.8] },
    ]);
  });

  it('leaves out copies outside every span, copies without a latency and tickets without copies', () => {
    const spans = [span(100, 110), span(200, 210), span(300, 310)];
    const tickets = copiesByTicket(spans, [copy(150, 0.4), copy(205, null), copy(305, 0.9), copy(400, 0.3)]);
    expect(tickets).toEqual([{ span: spans[2], latencies: [0.9] }]);
  });
});

describe("the e2e bench: a thread's wait for a core", () => {
  const linux = process.platform === 'linux';

  (linux ? it : it.skip)("reads this process's main thread, a wait that only grows", () => {
    const first = coreWaitMs(process.pid);
    expect(first).not.toBeNull();
    expect(first).toBeGreaterThanOrEqual(0);
    expect(coreWaitMs(process.pid)).toBeGreaterThanOrEqual(first ?? Infinity);
  });

  it('answers null for a process that does not exist', () => {
    expect(coreWaitMs(2 ** 31 - 1)).toBeNull();
  });
});
