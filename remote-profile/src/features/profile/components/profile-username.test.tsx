import { mockApi, renderWithProviders, screen, signIn, type ApiMock } from '@synctrade/test-utils';
import { buildProfile, resetStores } from '../../../support/fixtures';
import { ProfileTab } from './profile-tab';
import { alertSetup } from '../../alerts/support/alerts-fixtures';

let api: ApiMock;

beforeEach(() => {
  resetStores();
  signIn(1);
  api = mockApi()
    .on('GET /auth/profile', [200, buildProfile()])
    .on('GET /propfirm/mail-settings', [200, { rule_emails: true }])
    .on('GET /alerts', [200, alertSetup()]);
});
afterEach(() => api.restore());

async function renderTab() {
  const view = renderWithProviders(<ProfileTab />, { route: '/profile', path: '/profile' });
  await screen.findByLabelText('Username');
  return view;
}

describe('profile tab: the username', () => {
  it('when the username is cleared or only spaces, then the field says it is required, nothing is sent and no success shows', async () => {
    const { user } = await renderTab();
    for (const typed of ['', '   ']) {
      await user.clear(screen.getByLabelText('Username'));
      if (typed) await user.type(screen.getByLabelText('Username'), typed);
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('Username is required')).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT /auth/profile')).toHaveLength(0);
    expect(screen.queryByText('Profile updated successfully!')).not.toBeInTheDocument();
  });

  it('when the server answers that another user has the name, then its detail shows as an error, never as a success', async () => {
    api.on('PUT /auth/profile', [409, { detail: 'This username is already taken' }]);
    const { user } = await renderTab();
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'ann');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('This username is already taken')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('ann');
    expect(screen.queryByText('Profile updated successfully!')).not.toBeInTheDocument();
  });
});
