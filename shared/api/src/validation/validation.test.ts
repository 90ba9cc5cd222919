import { CLIENT_MESSAGE, VALIDATION } from '../messages';
import { isValidRatio, loginSchema, passwordStrength, registerSchema, ratioSchema } from './index';

async function firstError(
  schema: { validate(v: unknown): Promise<unknown> },
  value: unknown,
): Promise<string | null> {
  try {
    await schema.validate(value);
    return null;
  } catch (error: unknown) {
    return (error as Error).message;
  }
}

describe('validation rules (spec section 5)', () => {
  it.each([
    [{ email: '', password: 'longenough' }, VALIDATION.emailRequired],
    [{ email: 'nope', password: 'longenough' }, VALIDATION.emailInvalid],
    [{ email: 'a@b.co', password: 'short' }, VALIDATION.passwordMin],
    [{ email: 'a@b.co', password: '' }, VALIDATION.passwordRequired],
    [{ email: 'a@b.co', password: 'longenough' }, null],
  ])('sign in %o → %s', async (value, message) => {
    expect(await firstError(loginSchema, value)).toBe(message);
  });

  const good = { email: 'a@b.co', password: 'Abcdef1!', confirmPassword: 'Abcdef1!', terms: true };
  it.each([
    [{ ...good, email: `${'a'.repeat(95)}@b.com` }, VALIDATION.emailMax],
    [{ ...good, password: 'abcdefg1!', confirmPassword: 'abcdefg1!' }, VALIDATION.passwordComplexity],
    [
      { ...good, password: `Aa1!${'a'.repeat(125)}`, confirmPassword: `Aa1!${'a'.repeat(125)}` },
      VALIDATION.passwordMax,
    ],
    [{ ...good, confirmPassword: '' }, VALIDATION.confirmRequired],
    [{ ...good, confirmPassword: 'Abcdef1?' }, VALIDATION.passwordsMustMatch],
    [{ ...good, terms: false }, VALIDATION.termsRequired],
    [good, null],
  ])('register %o → %s', async (value, message) => {
    expect(await firstError(registerSchema, value)).toBe(message);
  });

  it.each([
    ['', 'Very Weak'],
    ['a', 'Very Weak'],
    ['ab', 'Very Weak'],
    ['aB', 'Weak'],
    ['aB1', 'Fair'],
    ['aB1!', 'Good'],
    ['aB1!aaaa', 'Strong'],
  ])('strength of %p is %s', (password, label) => {
    expect(passwordStrength(password).label).toBe(label);
  });

  it('ratio must be a number above zero', async () => {
    expect(await firstError(ratioSchema, { ratio: 0 })).toBe(CLIENT_MESSAGE.invalidRatio);
    expect(await firstError(ratioSchema, { ratio: 'x' })).toBe(CLIENT_MESSAGE.invalidRatio);
    expect(await firstError(ratioSchema, { ratio: 2 })).toBeNull();
    expect([
      isValidRatio(''),
      isValidRatio('0'),
      isValidRatio('-1'),
      isValidRatio('1.5'),
      isValidRatio('3'),
    ]).toEqual([false, false, false, true, true]);
  });

  it('ratio is a number, not a string, in hundredths from 0.01', async () => {
    expect(await firstError(ratioSchema, { ratio: '2' })).toBe(CLIENT_MESSAGE.invalidRatio);
    expect(await firstError(ratioSchema, { ratio: 1e-320 })).toBe(CLIENT_MESSAGE.invalidRatio);
    expect(await firstError(ratioSchema, { ratio: 0.015 })).toBe(CLIENT_MESSAGE.invalidRatio);
    expect(await firstError(ratioSchema, { ratio: 0.01 })).toBeNull();
    expect([
      isValidRatio('1e-320'),
      isValidRatio('0.009'),
      isValidRatio('0.01'),
      isValidRatio('1000'),
    ]).toEqual([false, false, true, true]);
  });
});
