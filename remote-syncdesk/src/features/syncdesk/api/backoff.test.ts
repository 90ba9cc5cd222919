import { BACKOFF, backoffDelay } from './backoff';

describe('backoffDelay', () => {
  it('when attempts grow, then the window doubles up to the cap', () => {
    const max = (attempt: number): number => backoffDelay(attempt, () => 1);
    expect(max(0)).toBe(1_000);
    expect(max(1)).toBe(2_000);
    expect(max(3)).toBe(8_000);
    expect(max(10)).toBe(BACKOFF.maxMs);
  });

  it('when jitter is applied, then the delay stays between half the window and the window', () => {
    expect(backoffDelay(2, () => 0)).toBe(2_000);
    expect(backoffDelay(2, () => 0.5)).toBe(3_000);
    for (let i = 0; i < 50; i += 1) {
      const delay = backoffDelay(4);
      expect(delay).toBeGreaterThanOrEqual(8_000);
      expect(delay).toBeLessThanOrEqual(16_000);
    }
  });
});
