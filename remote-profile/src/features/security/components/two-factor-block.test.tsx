import { authStore, SUCCESS } from '@synctrade/api';
import { mockApi, renderWithProviders, screen, signIn, within, type ApiMock } from '@synctrade/test-utils';
import { buildProfile, resetStores } from '../../../support/fixtures';
import { TwoFactorBlock } from './two-factor-block';

let api: ApiMock;
const SETUP = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauth_url: 'otpauth://totp/SyncTrade:joe',
  qr_data_url: 'data:image/png;base64,AAAA',
};
const CODES = ['aaaa-bbbb', 'cccc-dddd', 'eeee-ffff'];

beforeEach(() => {
  resetStores();
  signIn(1);
  authStore.setState({ user: buildProfile() });
  api = mockApi().on('GET /auth/2fa', [200, { enabled: false }]);
});
afterEach(() => api.restore());

async function renderBlock() {
  const view = renderWithProviders(<TwoFactorBlock />, {
    route: '/profile/security',
    path: '/profile/security',
  });
  await screen.findByText(/2FA is (not )?enabled/);
  return view;
}

describe('two-factor authentication', () => {
  it('when off, then the block says 2FA is not enabled with an Enable 2FA button', async () => {
    await renderBlock();
    expect(screen.getByRole('heading', { name: 'Authenticator App 2FA' })).toBeInTheDocument();
    expect(screen.getByText('2FA is not enabled')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enable 2FA' })).toBeEnabled();
  });

  it('when enabled step by step, then the QR and secret show, a 6-digit code confirms and the recovery codes show once', async () => {
    api
      .on('POST /auth/2fa/setup', [200, SETUP])
      .on('POST /auth/2fa/enable', [
        200,
        { message: 'Two-factor authentication enabled', recovery_codes: CODES },
      ]);
    const { user } = await renderBlock();
    await user.click(screen.getByRole('button', { name: 'Enable 2FA' }));
    expect(await screen.findByRole('img', { name: /QR code/ })).toHaveAttribute('src', SETUP.qr_data_url);
    expect(screen.getByText(SETUP.secret)).toBeInTheDocument();
    const verify = screen.getByRole('button', { name: 'Verify and enable' });
    expect(verify).toBeDisabled();
    await user.type(screen.getByLabelText('6-digit code'), '12345');
    expect(verify).toBeDisabled();
    await user.type(screen.getByLabelText('6-digit code'), '6');
    await user.click(verify);
    expect(await screen.findByText('Two-factor authentication enabled')).toBeInTheDocument();
    expect(api.callsTo('POST /auth/2fa/enable')[0]?.body).toEqual({ code: '123456' });
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(screen.getByRole('link', { name: 'Download codes' })).toHaveAttribute(
      'download',
      'synctrade-recovery-codes.txt',
    );
    await user.click(screen.getByRole('button', { name: 'Copy codes' }));
    expect(await navigator.clipboard.readText()).toBe(CODES.join('\n'));
    expect(authStore.getState().user?.two_factor_enabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByText(CODES[0] as string)).not.toBeInTheDocument();
    expect(screen.getByText('2FA is enabled.')).toBeInTheDocument();
  });

  it('when the setup is cancelled, then the block is back to off', async () => {
    api.on('POST /auth/2fa/setup', [200, SETUP]);
    const { user } = await renderBlock();
    await user.click(screen.getByRole('button', { name: 'Enable 2FA' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('2FA is not enabled')).toBeInTheDocument();
  });

  it('when the code is wrong, then the server detail is toasted and the setup stays', async () => {
    api
      .on('POST /auth/2fa/setup', [200, SETUP])
      .on('POST /auth/2fa/enable', [400, { detail: 'Invalid two-factor code' }]);
    const { user } = await renderBlock();
    await user.click(screen.getByRole('button', { name: 'Enable 2FA' }));
    await user.type(await screen.findByLabelText('6-digit code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and enable' }));
    expect(await screen.findByText('Invalid two-factor code')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /QR code/ })).toBeInTheDocument();
  });

  it('when the setup fails without a detail, then the fallback is toasted', async () => {
    api.on('POST /auth/2fa/setup', [500]);
    const { user } = await renderBlock();
    await user.click(screen.getByRole('button', { name: 'Enable 2FA' }));
    expect(await screen.findByText('Two-factor update failed. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('2FA is not enabled')).toBeInTheDocument();
  });

  it('when on, then Disable 2FA asks for a code and turns it off', async () => {
    api
      .on('GET /auth/2fa', [200, { enabled: true }])
      .on('POST /auth/2fa/disable', [200, { message: SUCCESS.twoFactorDisabled }]);
    const { user } = await renderBlock();
    expect(screen.getByText('2FA is enabled.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Disable 2FA' }));
    const confirm = screen.getByRole('button', { name: 'Confirm disable' });
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText('Authenticator or recovery code'), '654321');
    await user.click(confirm);
    expect(await screen.findByText('Two-factor authentication disabled')).toBeInTheDocument();
    expect(api.callsTo('POST /auth/2fa/disable')[0]?.body).toEqual({ code: '654321' });
    expect(screen.getByText('2FA is not enabled')).toBeInTheDocument();
    expect(authStore.getState().user?.two_factor_enabled).toBe(false);
  });

  it('when disabling with a wrong code, then the detail is toasted and 2FA stays on', async () => {
    api
      .on('GET /auth/2fa', [200, { enabled: true }])
      .on('POST /auth/2fa/disable', [400, { detail: 'Invalid two-factor code' }]);
    const { user } = await renderBlock();
    await user.click(screen.getByRole('button', { name: 'Disable 2FA' }));
    await user.type(screen.getByLabelText('Authenticator or recovery code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm disable' }));
    expect(await screen.findByText('Invalid two-factor code')).toBeInTheDocument();
    expect(screen.getByText('2FA is enabled.')).toBeInTheDocument();
    expect(screen.getByLabelText('Authenticator or recovery code')).toBeInTheDocument();
  });

  it('when the status fails, then the fallback shows with Retry', async () => {
    api.on('GET /auth/2fa', [500]);
    const { user } = renderWithProviders(<TwoFactorBlock />, {
      route: '/profile/security',
      path: '/profile/security',
    });
    expect(await screen.findByText('Two-factor update failed. Please try again.')).toBeInTheDocument();
    api.on('GET /auth/2fa', [200, { enabled: false }]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('2FA is not enabled')).toBeInTheDocument();
  });
});
