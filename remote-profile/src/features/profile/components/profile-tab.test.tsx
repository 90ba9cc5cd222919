import userEvent from '@testing-library/user-event';
import { authStore } from '@synctrade/api';
import { bus } from '@synctrade/event-bus';
import { mockApi, renderWithProviders, screen, signIn, waitFor, type ApiMock } from '@synctrade/test-utils';
import { buildProfile, fakeFile, resetStores } from '../../../support/fixtures';
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

describe('profile tab', () => {
  it('when loaded, then the fields are filled and the e-mail is read-only', async () => {
    await renderTab();
    expect(screen.getByLabelText('Username')).toHaveValue('joe');
    expect(screen.getByLabelText('Email')).toHaveValue('joe@example.com');
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('First name')).toHaveValue('Joe');
    expect(screen.getByLabelText('Last name')).toHaveValue('Trader');
    expect(screen.getByLabelText('Bio')).toHaveValue('Scalping ES');
    expect(screen.getByText('11/160 characters')).toBeInTheDocument();
  });

  it('when the profile fails to load, then the detail or fallback shows with Retry', async () => {
    api.on('GET /auth/profile', [500]);
    const { user } = renderWithProviders(<ProfileTab />, { route: '/profile', path: '/profile' });
    expect(await screen.findAllByText('Failed to receive profile. Please try again.')).toHaveLength(2);
    api.on('GET /auth/profile', [500, { detail: 'Profile store offline' }]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByText('Profile store offline')).toHaveLength(2);
  });

  it('when saved, then the payload is sent, the default toast shows and the change is published', async () => {
    const heard = jest.fn();
    const off = bus.on('profile:changed', heard);
    api.on('PUT /auth/profile', (req) => [200, { ...buildProfile(), ...(req.body as object) }]);
    const { user } = await renderTab();
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'joey');
    await user.clear(screen.getByLabelText('Bio'));
    await user.type(screen.getByLabelText('Bio'), 'Swing NQ');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(api.callsTo('PUT /auth/profile')[0]?.body).toEqual({
      username: 'joey',
      first_name: 'Joe',
      last_name: 'Trader',
      bio: 'Swing NQ',
    });
    expect(heard).toHaveBeenCalledWith({ username: 'joey', photo_url: null });
    expect(authStore.getState().user?.username).toBe('joey');
    expect(authStore.getState().loading).toBe(false);
    off();
  });

  it('when saving fails, then the detail or the fallback is toasted', async () => {
    api.on('PUT /auth/profile', [409, { detail: 'Username is taken' }]);
    const { user } = await renderTab();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Username is taken')).toBeInTheDocument();
    api.on('PUT /auth/profile', [500]);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Failed to update profile. Please try again.')).toBeInTheDocument();
    expect(authStore.getState().loading).toBe(false);
  });

  it('when the bio is typed, then the counter follows and stops at 160', async () => {
    const { user } = await renderTab();
    const bio = screen.getByLabelText('Bio');
    await user.clear(bio);
    expect(screen.getByText('0/160 characters')).toBeInTheDocument();
    await user.type(bio, 'abc');
    expect(screen.getByText('3/160 characters')).toBeInTheDocument();
    await user.clear(bio);
    await user.click(bio);
    await user.paste('x'.repeat(170));
    expect(bio).toHaveValue('x'.repeat(160));
    expect(screen.getByText('160/160 characters')).toBeInTheDocument();
  });

  it('when a too-long bio arrives from the server, then the schema message blocks the save', async () => {
    api.on('GET /auth/profile', [200, buildProfile({ bio: 'y'.repeat(161) })]);
    const { user } = await renderTab();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Bio must be at most 160 characters')).toBeInTheDocument();
    expect(api.callsTo('PUT /auth/profile')).toHaveLength(0);
  });
});

describe('profile photo', () => {
  const input = (): HTMLInputElement => screen.getByLabelText(/Upload photo/) as HTMLInputElement;

  it('when a PNG is picked, then it is uploaded, shown and published', async () => {
    const heard = jest.fn();
    const off = bus.on('profile:changed', heard);
    api.on('POST /auth/profile/photo', [200, buildProfile({ photo_url: '/api/v1/profile/photos/9.png' })]);
    const { user } = await renderTab();
    expect(input()).toHaveAttribute('accept', '.jpg,.jpeg,.png,image/jpeg,image/png');
    await user.upload(input(), fakeFile('me.png', 'image/png'));
    expect(await screen.findByText('Photo updated successfully!')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Profile photo' })).toHaveAttribute(
      'src',
      '/api/v1/profile/photos/9.png',
    );
    expect(api.callsTo('POST /auth/profile/photo')[0]?.body).toBeInstanceOf(FormData);
    expect(heard).toHaveBeenCalledWith({ username: 'joe', photo_url: '/api/v1/profile/photos/9.png' });
    off();
  });

  it('when a GIF is picked, then it is refused on the client with the type message', async () => {
    await renderTab();
    // Bypass the accept filter the way an "all files" choice in the picker would.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input(), fakeFile('me.gif', 'image/gif'));
    expect(await screen.findAllByText('Photo must be a JPG, JPEG or PNG image')).toHaveLength(2);
    expect(api.callsTo('POST /auth/profile/photo')).toHaveLength(0);
  });

  it('when a photo over 20 MB is picked, then it is refused on the client with the size message', async () => {
    const { user } = await renderTab();
    await user.upload(input(), fakeFile('big.jpg', 'image/jpeg', 20 * 1024 * 1024 + 1));
    expect(await screen.findAllByText('Photo must be at most 20 MB')).toHaveLength(2);
    expect(api.callsTo('POST /auth/profile/photo')).toHaveLength(0);
  });

  it('when the upload fails, then the detail or the fallback is shown', async () => {
    api.on('POST /auth/profile/photo', [413, { detail: 'Photo too large' }]);
    const { user } = await renderTab();
    await user.upload(input(), fakeFile('me.jpeg', 'image/jpeg'));
    expect(await screen.findAllByText('Photo too large')).toHaveLength(2);
    api.on('POST /auth/profile/photo', [500]);
    await user.upload(input(), fakeFile('me.jpg', 'image/jpeg'));
    await waitFor(() =>
      expect(screen.getAllByText('Photo upload failed. Please try again.')).toHaveLength(2),
    );
  });
});
