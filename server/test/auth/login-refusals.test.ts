import { ACCOUNT_MEMORY_MS, LoginRefusals, MAX_REMEMBERED } from '../../src/auth/login-refusals';

describe('the refusals a node remembers', () => {
  let now = 1_000_000;
  const clock = (): number => now;
  beforeEach(() => {
    now = 1_000_000;
  });

  it('an address over its limit is refused until the database said it would be free, then asked again', () => {
    const refusals = new LoginRefusals(clock);
    refusals.remember('pair', 'a@x.com', '10.0.0.1', 600);
    expect(refusals.pairRefusal('a@x.com', '10.0.0.1')).toBe(600);
    expect(refusals.pairRefusal('a@x.com', '10.0.0.2')).toBeNull();
    expect(refusals.pairRefusal('b@x.com', '10.0.0.1')).toBeNull();
    expect(refusals.accountRefusal('a@x.com')).toBeNull();
    now += 599_500;
    expect(refusals.pairRefusal('a@x.com', '10.0.0.1')).toBe(1);
    now += 500;
    expect(refusals.pairRefusal('a@x.com', '10.0.0.1')).toBeNull();
  });

  it('an account over its limit is remembered for 30 s at most: a known address may lower its count elsewhere', () => {
    const refusals = new LoginRefusals(clock);
    refusals.remember('account', 'a@x.com', '10.0.0.1', 600);
    expect(refusals.accountRefusal('a@x.com')).toBe(30);
    expect(refusals.pairRefusal('a@x.com', '10.0.0.1')).toBeNull();
    now += ACCOUNT_MEMORY_MS;
    expect(refusals.accountRefusal('a@x.com')).toBeNull();
    refusals.remember('account', 'a@x.com', '10.0.0.1', 5);
    expect(refusals.accountRefusal('a@x.com')).toBe(5);
  });

  it('a sign-in forgets its address and its account', () => {
    const refusals = new LoginRefusals(clock);
    refusals.remember('pair', 'a@x.com', '10.0.0.1', 600);
    refusals.remember('pair', 'a@x.com', '10.0.0.2', 600);
    refusals.remember('account', 'a@x.com', '10.0.0.3', 600);
    refusals.forget('a@x.com', '10.0.0.1');
    expect(refusals.pairRefusal('a@x.com', '10.0.0.1')).toBeNull();
    expect(refusals.accountRefusal('a@x.com')).toBeNull();
    expect(refusals.pairRefusal('a@x.com', '10.0.0.2')).toBe(600);
  });

  it(`keeps at most ${MAX_REMEMBERED} of each, forgetting the oldest first`, () => {
    const refusals = new LoginRefusals(clock);
    for (let index = 0; index <= MAX_REMEMBERED; index += 1)
      refusals.remember('pair', `u${index}@x.com`, '10.0.0.1', 600);
    expect(refusals.pairRefusal('u0@x.com', '10.0.0.1')).toBeNull();
    expect(refusals.pairRefusal('u1@x.com', '10.0.0.1')).toBe(600);
    expect(refusals.pairRefusal(`u${MAX_REMEMBERED}@x.com`, '10.0.0.1')).toBe(600);
  });
});
