import { createHmac } from 'node:crypto';
import { createTokenSigner } from '../../src/security/jwt';

const SECRET = 'a-test-secret-of-enough-length-0123456789';
const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token signed by hand (not by the signer under test) with the given payload. */
function handSigned(payload: object, secret = SECRET): string {
  const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

describe('verified tokens are remembered, never beyond their expiry', () => {
  const start = Date.UTC(2026, 10, 28, 12, 0, 0);
  let now = start;
  beforeEach(() => {
    now = start;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
  });
  afterEach(() => jest.restoreAllMocks());

  it('when a token accepted before expires, then it is refused from then on', async () => {
    const signer = createTokenSigner(SECRET, 60);
    const token = await signer.sign({ userId: 7, sessionId: 's-7' });
    expect(await signer.verify(token)).toEqual({ userId: 7, sessionId: 's-7' });
    now = start + 59_000;
    expect(await signer.verify(token)).toEqual({ userId: 7, sessionId: 's-7' });
    now = start + 60_000;
    expect(await signer.verify(token)).toBeNull();
    // Going back in time (a clock step) finds nothing remembered: the signature is checked again and still holds.
    now = start + 1_000;
    expect(await signer.verify(token)).toEqual({ userId: 7, sessionId: 's-7' });
  });

  it('when a remembered token is altered by one character, then the altered one is refused', async () => {
    const signer = createTokenSigner(SECRET, 60);
    const token = await signer.sign({ userId: 7, sessionId: 's-7' });
    expect(await signer.verify(token)).not.toBeNull();
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    expect(await signer.verify(`${token.slice(0, -1)}${last}`)).toBeNull();
    expect(await signer.verify(`${token}=`)).toBeNull();
    expect(
      await signer.verify(handSigned({ user_id: 8, sid: 's-7', exp: start / 1000 + 60 }, 'other')),
    ).toBeNull();
  });

  it('when another signer (another secret) remembered a token, then this one does not accept it', async () => {
    const first = createTokenSigner(SECRET, 60);
    const second = createTokenSigner(`${SECRET}-rotated`, 60);
    const token = await first.sign({ userId: 3, sessionId: 's-3' });
    expect(await first.verify(token)).not.toBeNull();
    expect(await second.verify(token)).toBeNull();
  });

  it('when a caller changes the claims it was given, then the next verification is not affected', async () => {
    const signer = createTokenSigner(SECRET, 60);
    const token = await signer.sign({ userId: 5, sessionId: 's-5' });
    const claims = await signer.verify(token);
    if (claims === null) throw new Error('refused');
    claims.userId = 6;
    expect(await signer.verify(token)).toEqual({ userId: 5, sessionId: 's-5' });
  });

  it('when more tokens than it keeps are verified, then each still gets its own claims and expiry', async () => {
    const signer = createTokenSigner(SECRET, 60);
    const tokens = Array.from({ length: 10_050 }, (_, i) =>
      handSigned({ user_id: i, sid: `s-${i}`, exp: start / 1000 + 30 + (i % 2) * 60 }),
    );
    for (const token of tokens) expect(await signer.verify(token)).not.toBeNull();
    now = start + 45_000;
    const again = await Promise.all([0, 1, 10_048, 10_049].map((i) => signer.verify(tokens[i] as string)));
    expect(again).toEqual([
      null,
      { userId: 1, sessionId: 's-1' },
      null,
      { userId: 10_049, sessionId: 's-10049' },
    ]);
  });

  it('when a token has no finite expiry or a wrong claim, then it is refused', async () => {
    const signer = createTokenSigner(SECRET, 60);
    expect(await signer.verify(handSigned({ user_id: 1, sid: 's' }))).toBeNull();
    expect(await signer.verify(handSigned({ user_id: 1, sid: 's', exp: '9999999999' }))).toBeNull();
    expect(await signer.verify(handSigned({ user_id: 1.5, sid: 's', exp: start / 1000 + 60 }))).toBeNull();
    expect(await signer.verify(handSigned({ user_id: 1, sid: 2, exp: start / 1000 + 60 }))).toBeNull();
    expect(await signer.verify(handSigned({ user_id: 1, sid: 's', exp: start / 1000 }))).toBeNull();
  });
});
