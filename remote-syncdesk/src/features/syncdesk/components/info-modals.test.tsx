import { screen, within, type ApiMock } from '@synctrade/test-utils';
import { deskApi, renderDesk, setUpDesk } from '../support/render-desk';

describe('guide and limitations', () => {
  let api: ApiMock;
  beforeEach(() => {
    setUpDesk();
    api = deskApi();
  });
  afterEach(() => api.restore());

  it('when SyncDesk Guide is opened, then it explains leader, followers, ratio, cross and risk limits', async () => {
    const { user } = renderDesk();
    await user.click(screen.getByRole('button', { name: 'SyncDesk Guide' }));
    const dialog = screen.getByRole('dialog', { name: 'SyncDesk Guide' });
    for (const topic of ['Leader', 'Followers', 'Ratio', 'Cross', 'Risk limits']) {
      expect(within(dialog).getByRole('heading', { name: topic })).toBeInTheDocument();
    }
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when Limitations is opened, then it names market hours, rate limits, partial fills and what is not copied', async () => {
    const { user } = renderDesk();
    await user.click(screen.getByRole('button', { name: 'Limitations' }));
    const dialog = screen.getByRole('dialog', { name: 'Limitations' });
    expect(within(dialog).getByText(/Market hours/)).toBeInTheDocument();
    expect(within(dialog).getByText(/80 requests a minute per Tradovate user/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Partial fills/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Not copied/)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
