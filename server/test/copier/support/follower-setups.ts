import fc from 'fast-check';
import type { FollowerSetup } from './harness';

/**
 * Random follower settings for the engine's property tests: ratios that round (halves, and 0.3 and 1.3, where
 * rounding to nearest and rounding up part), Cross, auto-sync, tight limits.
 */
export const followerSetupFields = {
  ratio: fc.constantFrom(0.3, 0.5, 1, 1.3, 1.5, 2, 3),
  cross: fc.boolean(),
  autoSync: fc.boolean(),
  risk: fc.record({
    maxContractsPerOrder: fc.integer({ min: 1, max: 6 }),
    maxNetPosition: fc.integer({ min: 2, max: 12 }),
    dailyLossLimit: fc.constant(0),
  }),
};

export const followerSetup: fc.Arbitrary<FollowerSetup> = fc.record(followerSetupFields);
