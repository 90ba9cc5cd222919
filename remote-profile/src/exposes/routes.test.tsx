import { mockApi, renderWithProviders, screen, signIn, type ApiMock } from '@synctrade/test-utils';
import { buildProfile, resetStores } from '../support/fixtures';
import Remote from './routes';
import { alertSetup } from '../features/alerts/support/alerts-fixtures';

let api: ApiMock;

beforeEach(() => {
  resetStores();
  signIn(1);
  api = mockApi()
    .on('GET /auth/profile', [200, buildProfile()])
    .on('GET /auth/2fa', [200, { enabled: false }])
    .on('GET /propfirm/mail-settings', [200, { rule_emails: true }])
    .on('GET /alerts', [200, alertSetup()]);
});
afterEach(() => api.restore());

describe('profile remote', () => {
  it('when mounted at /profile, then the Profile tab shows and the Security tab is one click away', async () => {
    const { user, location } = renderWithProviders(<Remote />, { route: '/profile', path: '/profile/*' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Profile');
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByLabelText('Username')).toHaveValue('joe');
    await user.click(screen.getByRole('tab', { name: 'Security' }));
    expect(location()).toBe('/profile/security');
    expect(screen.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(await screen.findByText('2FA is not enabled')).toBeInTheDocument();
  });
});
