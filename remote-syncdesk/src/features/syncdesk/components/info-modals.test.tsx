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

  it('when SyncDesk Guide is opened, then it explains what happens under a broker request limit, with the numbers', async () => {
    const { user } = renderDesk();
    await user.click(screen.getByRole('button', { name: 'SyncDesk Guide' }));
    const dialog = screen.getByRole('dialog', { name: 'SyncDesk Guide' });
    expect(within(dialog).getByRole('heading', { name: 'Broker request limits' })).toBeInTheDocument();
    expect(
      within(dialog).getByText(/Tradovate about 80 a minute per login, ProjectX 200 a minute/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/one request per follower/)).toBeInTheDocument();
    expect(within(dialog).getByText(/does not replay old orders/)).toBeInTheDocument();
    expect(
      within(dialog).getByText(/leader × ratio as the leader stands at that moment/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/superseded by the leader's later order/)).toBeInTheDocument();
    expect(within(dialog).getByText(/exits go before entries/)).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        /requests queued, the seconds until the next send, and the position it is converging to/,
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/pace warning/)).toBeInTheDocument();
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

  it('when Limitations is opened, then a table says per broker which order types are copied as placed and what goes instead', async () => {
    const { user } = renderDesk();
    await user.click(screen.getByRole('button', { name: 'Limitations' }));
    const table = within(screen.getByRole('dialog', { name: 'Limitations' })).getByRole('table', {
      name: 'Order types by broker',
    });
    const row = (broker: string) =>
      within(table).getByRole('rowheader', { name: broker }).closest('tr') as HTMLElement;
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Paper', 'Tradovate', 'ProjectX', 'Rithmic']);
    expect(within(row('Tradovate')).getByText(/Tradovate's own linked pair/)).toBeInTheDocument();
    expect(
      within(row('ProjectX')).getByText(/stop-limit goes as a stop at its stop price/),
    ).toBeInTheDocument();
    expect(within(row('Rithmic')).getByText(/Rithmic's own one-cancels-other pair/)).toBeInTheDocument();
    expect(within(row('Rithmic')).getByText(/nearest whole number of ticks/)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
