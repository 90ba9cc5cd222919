import { CopyMetrics } from '../../src/copier/engine/metrics';

describe('copy latency per leader event', () => {
  it('when a leader event is sent to several followers, then it keeps its receive time, its last send and the count', () => {
    const metrics = new CopyMetrics();
    metrics.onSent('f:1', 1_000, 1_004);
    metrics.onSent('f:1', 1_000, 1_009);
    // A send recorded late but made earlier does not move the last send back.
    metrics.onSent('f:1', 1_000, 1_006);
    metrics.onSent('f:2', 2_000, 2_003);
    expect([...metrics.events]).toEqual([
      ['f:1', { receivedAt: 1_000, lastSentAt: 1_009, sends: 3 }],
      ['f:2', { receivedAt: 2_000, lastSentAt: 2_003, sends: 1 }],
    ]);
    expect(metrics.sent).toBe(4);
  });

  it('when fifty thousand events are kept, then the next new event starts the record afresh', () => {
    const metrics = new CopyMetrics();
    for (let event = 0; event < 50_000; event += 1) metrics.onSent(`f:${event}`, event, event + 1);
    expect(metrics.events.size).toBe(50_000);
    // Another send of a kept event adds to it and clears nothing.
    metrics.onSent('f:0', 0, 5);
    expect(metrics.events.size).toBe(50_000);
    metrics.onSent('f:new', 7, 8);
    expect([...metrics.events]).toEqual([['f:new', { receivedAt: 7, lastSentAt: 8, sends: 1 }]]);
    expect(metrics.sent).toBe(50_002);
  });

  it('when reset, then no event and no send is left', () => {
    const metrics = new CopyMetrics();
    metrics.onSent('f:1', 1, 2);
    metrics.reset();
    expect([metrics.events.size, metrics.sent]).toEqual([0, 0]);
  });
});
