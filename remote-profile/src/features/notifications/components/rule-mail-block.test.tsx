import { mockApi, renderWithProviders, screen, signIn, waitFor, type ApiMock } from '@synctrade/test-utils';
import { resetStores } from '../../../support/fixtures';
import { RuleMailBlock } from './rule-mail-block';

let api: ApiMock;

beforeEach(() => {
  resetStores();
  signIn(1);
  api = mockApi().on('GET /propfirm/mail-settings', [200, { rule_emails: true }]);
});
afterEach(() => api.restore());

async function renderBlock() {
  const view = renderWithProviders(<RuleMailBlock />, { route: '/profile', path: '/profile' });
  const toggle = screen.getByRole('switch', { name: 'E-mail me when a firm rule acts' });
  await waitFor(() => expect(toggle).toBeEnabled());
  return { ...view, toggle };
}

describe('e-mail when a firm rule acts', () => {
  it('when loaded, then the switch shows the stored choice', async () => {
    const { toggle } = await renderBlock();
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });

  it('when turned off, then the choice is sent, the switch follows the answer and a toast confirms', async () => {
    api.on('PUT /propfirm/mail-settings', (req) => [200, req.body as object]);
    const { user, toggle } = await renderBlock();
    await user.click(toggle);
    expect(await screen.findByText('No more e-mails when a firm rule acts')).toBeInTheDocument();
    expect(api.callsTo('PUT /propfirm/mail-settings').map((call) => call.body)).toEqual([
      { rule_emails: false },
    ]);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    expect(await screen.findByText('You will get an e-mail when a firm rule acts')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });

  it('when the server refuses, then its detail is toasted and the switch stays as stored', async () => {
    api.on('PUT /propfirm/mail-settings', [400, { detail: 'rule_emails must be true or false' }]);
    const { user, toggle } = await renderBlock();
    await user.click(toggle);
    expect(await screen.findByText('rule_emails must be true or false')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });

  it('when the setting cannot be loaded, then the fallback is toasted, the switch stays disabled and a retry loads it', async () => {
    api.on('GET /propfirm/mail-settings', [500]);
    const { user } = renderWithProviders(<RuleMailBlock />, { route: '/profile', path: '/profile' });
    expect(await screen.findByText('E-mail setting failed. Please try again.')).toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: 'E-mail me when a firm rule acts' });
    expect(toggle).toBeDisabled();
    api.on('GET /propfirm/mail-settings', [200, { rule_emails: false }]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });
});
