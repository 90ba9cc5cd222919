import { RateHolds } from '../../src/alerts/rate-holds';

describe("a service's holds", () => {
  it('when buckets are held, then the next end is the soonest one still running, and none once all ended', () => {
    let now = 1_000;
    const holds = new RateHolds(() => now);
    expect(holds.nextEndIn()).toBeUndefined();
    holds.hold('discord:a', 1_000);
    holds.hold('telegram:b', 300);
    holds.hold('discord:a', 200);
    expect(holds.nextEndIn()).toBe(300);
    now += 300;
    expect(holds.until('telegram:b')).toBe(0);
    expect(holds.nextEndIn()).toBe(700);
    now += 700;
    expect(holds.nextEndIn()).toBeUndefined();
  });
});
