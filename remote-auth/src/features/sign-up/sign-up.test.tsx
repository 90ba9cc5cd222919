import { getToken } from '@synctrade/api';
import { fakeToken, screen } from '@synctrade/test-utils';
import { renderAuth, setUpAuthTest } from '../../test-helpers';

const TOKEN = fakeToken(9);
const GOOD = 'Str0ng!pass';
const field = (label: string): HTMLElement => screen.getByLabelText(label);
const terms = (): HTMLElement => screen.getByRole('checkbox', { name: /I agree to the/ });
const submit = (): HTMLElement => screen.getByRole('button', { name: /^(Sign Up|Creating account\.\.\.)$/ });

interface Case {
  name: string;
  email?: string;
  password?: string;
  confirm?: string;
  message: string;
}

describe('Sign Up', () => {
  const { api } = setUpAuthTest();

  it.each<Case>([
    { name: 'an invalid email', email: 'trader@', message: 'Please enter a valid email address' },
    { name: 'an empty email', email: '', message: 'Email is required' },
    {
      name: 'a long email',
      email: `${'a'.repeat(95)}@x.com`,
      message: 'Email must be less than 100 characters',
    },
    { name: 'a short password', password: 'Ab1!', message: 'Password must be at least 8 characters' },
    {
      name: 'a long password',
      password: `Ab1!${'x'.repeat(125)}`,
      message: 'Password must be less than 128 characters',
    },
    { name: 'an empty password', password: '', message: 'Password is required' },
    {
      name: 'a password without a special character',
      password: 'Abcdefg1',
      message:
        'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
    },
    { name: 'an empty confirmation', confirm: '', message: 'Please confirm your password' },
    { name: 'a different confirmation', confirm: 'Other0!pass', message: 'Passwords must match' },
  ])('when submitted with $name, then "$message" shows and nothing is sent', async (row) => {
    const { user } = renderAuth('/login?view=signup');
    const email = row.email ?? 'new@example.com';
    const password = row.password ?? GOOD;
    const confirm = row.confirm ?? password;
    if (email) await user.click(field('Email')).then(() => user.paste(email));
    if (password) await user.click(field('Password')).then(() => user.paste(password));
    if (confirm) await user.click(field('Confirm password')).then(() => user.paste(confirm));
    await user.click(terms());
    await user.click(submit());
    expect(await screen.findByText(row.message)).toHaveAttribute('role', 'alert');
    expect(api().calls).toHaveLength(0);
  });

  it('when terms are unticked at submit, then the field says they must be accepted', async () => {
    const { user } = renderAuth('/login?view=signup');
    await user.type(field('Email'), 'new@example.com');
    await user.type(field('Password'), GOOD);
    await user.type(field('Confirm password'), GOOD);
    await user.click(submit());
    expect(await screen.findByText('You must accept the terms and conditions')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(terms()).toHaveAttribute('aria-invalid', 'true');
    expect(api().calls).toHaveLength(0);
  });

  it.each([
    ['', 'Very Weak'],
    ['a', 'Very Weak'],
    ['aB', 'Weak'],
    ['aB1', 'Fair'],
    ['aB1!', 'Good'],
    ['aB1!efgh', 'Strong'],
    ['abcdefgh', 'Weak'],
  ])('when the password is %p, then the meter reads %s', async (password, label) => {
    const { user } = renderAuth('/login?view=signup');
    if (password) await user.type(field('Password'), password);
    expect(screen.getByText(`Password strength: ${label}`)).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', label);
  });

  async function fillAndSubmit(): Promise<ReturnType<typeof renderAuth>> {
    const rendered = renderAuth('/login?view=signup');
    await rendered.user.type(field('Email'), 'new@example.com');
    await rendered.user.type(field('Password'), GOOD);
    await rendered.user.type(field('Confirm password'), GOOD);
    await rendered.user.click(terms());
    await rendered.user.click(submit());
    return rendered;
  }

  it('when the server registers, then the toast welcomes, the token is stored and Sign In shows', async () => {
    api().on('POST /auth/register', [201, { access_token: TOKEN }]);
    await fillAndSubmit();
    expect(await screen.findByText('Registration successful! Welcome to SyncTrade.')).toBeInTheDocument();
    expect(getToken()).toBe(TOKEN);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign In');
    expect(api().callsTo('POST /auth/register')[0]?.body).toEqual({
      email: 'new@example.com',
      password: GOOD,
    });
  });

  it('when the request is in flight, then the button reads "Creating account..." and is disabled', async () => {
    let answer: (value: [number, unknown]) => void = () => undefined;
    api().on('POST /auth/register', () => new Promise((resolve) => (answer = resolve)));
    await fillAndSubmit();
    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign up with Google' })).toBeDisabled();
    answer([500, {}]);
    expect(await screen.findByRole('button', { name: 'Sign Up' })).toBeEnabled();
  });

  it.each([
    ['the server detail', 409, { detail: 'Email already registered' }, 'Email already registered'],
    ['the fallback', 500, {}, 'Registration failed. Please try again.'],
  ])('when the server refuses, then the toast shows %s and Sign Up stays', async (_c, status, body, text) => {
    api().on('POST /auth/register', [status, body]);
    await fillAndSubmit();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(getToken()).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Start trading efficiently');
  });

  it('when "Sign up with Google" is pressed, then it only says it is not implemented', async () => {
    const { user } = renderAuth('/login?view=signup');
    await user.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    expect(await screen.findByText('Google registration not implemented yet')).toBeInTheDocument();
  });

  it('when show is pressed on each password field, then only that field is revealed', async () => {
    const { user } = renderAuth('/login?view=signup');
    await user.click(screen.getByRole('button', { name: 'Show confirm password' }));
    expect(field('Confirm password')).toHaveAttribute('type', 'text');
    expect(field('Password')).toHaveAttribute('type', 'password');
  });
});
