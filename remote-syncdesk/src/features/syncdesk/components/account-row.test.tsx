import { SUCCESS } from '@synctrade/api';
import { screen, waitFor, within, type ApiMock } from '@synctrade/test-utils';
import { bus } from '@synctrade/event-bus';
import { buildAccount, deskAccounts } from '../support/builders';
import { deskApi, renderDesk, setUpDesk } from '../support/render-desk';

async function rowOf(name: string): Promise<HTMLElement> {
  const cell = await screen.findByRole('cell', { name: new RegExp(`^${name}`) });
  return cell.closest('[role="row"]')!;
}

describe('account row', () => {
  let api: ApiMock;
  beforeEach(() => setUpDesk());
  afterEach(() => api.restore());

  describe('ratio', () => {
    beforeEach(() => {
      api = deskApi({ accounts: deskAccounts() });
    });

    it('when the ratio is clicked, then a number input (min 0, step 1) opens; Enter saves', async () => {
      api.on('PUT /copier/accounts/:id/ratio', [200, { message: 'Ratio set to 3x' }]);
      const changed = jest.fn();
      const off = bus.on('copier:changed', changed);
      const { user } = renderDesk();
      const row = await rowOf('Paper 3');
      await user.click(within(row).getByRole('button', { name: /^2x/ }));
      const input = within(row).getByRole('spinbutton', { name: 'Ratio of Paper 3' });
      expect(input).toHaveValue(2);
      expect(input).toHaveAttribute('min', '0');
      expect(input).toHaveAttribute('step', '1');
      expect(input).toHaveFocus();
      await user.clear(input);
      await user.type(input, '3{Enter}');
      expect(await screen.findByText('Ratio set to 3x')).toBeInTheDocument();
      expect(api.callsTo('PUT /copier/accounts/3/ratio')[0]?.body).toEqual({ ratio: 3 });
      expect(within(row).queryByRole('spinbutton')).not.toBeInTheDocument();
      expect(changed).toHaveBeenCalledWith({ accountId: 3 });
      off();
    });

    it('when the save icon is used and the server has no message, then the default shows', async () => {
      api.on('PUT /copier/accounts/:id/ratio', [200, { message: SUCCESS.ratio }]);
      const { user } = renderDesk();
      const row = await rowOf('Paper 2');
      await user.click(within(row).getByRole('button', { name: /^1x/ }));
      await user.clear(within(row).getByRole('spinbutton'));
      await user.type(within(row).getByRole('spinbutton'), '4');
      await user.click(within(row).getByRole('button', { name: 'Save ratio of Paper 2' }));
      expect(await screen.findByText('Ratio updated successfully')).toBeInTheDocument();
      await waitFor(() => expect(within(row).getByRole('button', { name: /edit ratio/ })).toHaveFocus());
    });

    it('when Escape or the cancel icon is used, then nothing is sent and the ratio button returns', async () => {
      const { user } = renderDesk();
      const row = await rowOf('Paper 2');
      await user.click(within(row).getByRole('button', { name: /^1x/ }));
      await user.type(within(row).getByRole('spinbutton'), '5{Escape}');
      expect(within(row).queryByRole('spinbutton')).not.toBeInTheDocument();
      expect(within(row).getByRole('button', { name: /^1x/ })).toHaveFocus();
      await user.click(within(row).getByRole('button', { name: /^1x/ }));
      await user.click(within(row).getByRole('button', { name: 'Cancel ratio edit of Paper 2' }));
      expect(within(row).getByRole('button', { name: /^1x/ })).toBeInTheDocument();
      expect(api.callsTo('PUT /copier/accounts/:id/ratio')).toHaveLength(0);
    });

    it.each(['0', '-1', ''])(
      'when the ratio is %p, then it asks for a valid value and sends nothing',
      async (value) => {
        const { user } = renderDesk();
        const row = await rowOf('Paper 2');
        await user.click(within(row).getByRole('button', { name: /^1x/ }));
        await user.clear(within(row).getByRole('spinbutton'));
        if (value) await user.type(within(row).getByRole('spinbutton'), value);
        await user.keyboard('{Enter}');
        expect(await screen.findByText('Please enter a valid ratio value')).toBeInTheDocument();
        expect(within(row).getByRole('spinbutton')).toBeInTheDocument();
        expect(api.callsTo('PUT /copier/accounts/:id/ratio')).toHaveLength(0);
      },
    );

    it('when saving fails, then the server detail or the fallback shows and the editor stays', async () => {
      api.on('PUT /copier/accounts/:id/ratio', [400, { detail: 'Ratio must be at most 1000' }]);
      const { user } = renderDesk();
      const row = await rowOf('Paper 2');
      await user.click(within(row).getByRole('button', { name: /^1x/ }));
      await user.type(within(row).getByRole('spinbutton'), '0{Enter}');
      expect(await screen.findByText('Ratio must be at most 1000')).toBeInTheDocument();
      expect(within(row).getByRole('spinbutton')).toBeInTheDocument();
      api.on('PUT /copier/accounts/:id/ratio', [500, {}]);
      await user.keyboard('{Enter}');
      expect(await screen.findByText('Ratio update failed. Please try again.')).toBeInTheDocument();
    });
  });

  it('when Follow is switched, then the follower toggles, the table reloads, and failures explain', async () => {
    api = deskApi({ accounts: deskAccounts() }).on('PUT /copier/accounts/:id/follower', [
      200,
      { message: SUCCESS.follower },
    ]);
    const { user } = renderDesk();
    const row = await rowOf('Paper 2');
    const reloads = api.callsTo('GET /brokers/accounts/table').length;
    await user.click(within(row).getByRole('switch', { name: 'Follow Paper 2' }));
    expect(await screen.findByText('Account follower updated successfully')).toBeInTheDocument();
    expect(api.callsTo('PUT /copier/accounts/2/follower')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET /brokers/accounts/table').length).toBe(reloads + 1));
    api.on('PUT /copier/accounts/:id/follower', [500, {}]);
    await user.click(within(row).getByRole('switch', { name: 'Follow Paper 2' }));
    expect(await screen.findByText('Account follower update failed. Please try again.')).toBeInTheDocument();
  });

  it('when Cross is switched, then the new value is sent, and failures explain', async () => {
    api = deskApi({ accounts: deskAccounts() }).on('PUT /copier/accounts/:id/cross', [
      200,
      { message: SUCCESS.cross },
    ]);
    const { user } = renderDesk();
    const row = await rowOf('Paper 3');
    await user.click(within(row).getByRole('switch', { name: 'Cross Paper 3' }));
    expect(await screen.findByText('Cross updated successfully')).toBeInTheDocument();
    expect(api.callsTo('PUT /copier/accounts/3/cross')[0]?.body).toEqual({ cross: true });
    api.on('PUT /copier/accounts/:id/cross', [422, { detail: 'No micro contract for this product' }]);
    await user.click(within(row).getByRole('switch', { name: 'Cross Paper 3' }));
    expect(await screen.findByText('No micro contract for this product')).toBeInTheDocument();
  });

  it('when a row is flattened, then only that account is sent', async () => {
    api = deskApi({ accounts: deskAccounts() }).on('POST /brokers/accounts/flatten-positions', [
      200,
      { message: SUCCESS.flatten },
    ]);
    const { user } = renderDesk();
    const row = await rowOf('Paper 2');
    await user.click(within(row).getByRole('button', { name: 'Flatten Paper 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Flatten this account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Flatten' }));
    expect(await screen.findByText('Flatten updated successfully')).toBeInTheDocument();
    expect(api.callsTo('POST /brokers/accounts/flatten-positions')[0]?.body).toEqual([2]);
  });

  it('when a follower is out of sync, then its row says why and Sync brings it back', async () => {
    const accounts = [
      buildAccount({ id: 1, is_master: true }),
      buildAccount({ id: 2, is_follower: true, state: 'out_of_sync', state_reason: 'Holds 1, expected 2' }),
      buildAccount({
        id: 3,
        is_follower: true,
        state: 'rate_limited',
        state_reason: 'Broker request budget used up',
      }),
      buildAccount({
        id: 4,
        is_follower: true,
        state: 'risk_stopped',
        state_reason: 'Daily loss limit reached',
      }),
    ];
    api = deskApi({ accounts }).on('POST /copier/accounts/:id/sync', [200, { message: SUCCESS.sync }]);
    const { user } = renderDesk();
    const row = await rowOf('Paper 2');
    expect(within(row).getByText('Out of sync')).toBeInTheDocument();
    expect(within(row).getByText('Holds 1, expected 2')).toBeInTheDocument();
    expect(within(await rowOf('Paper 3')).getByText('Rate limited')).toBeInTheDocument();
    expect(within(await rowOf('Paper 4')).getByText('Stopped by a risk limit')).toBeInTheDocument();
    expect(within(await rowOf('Paper 4')).queryByRole('button', { name: /^Sync/ })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Sync Paper 2' }));
    expect(await screen.findByText('Follower synced successfully')).toBeInTheDocument();
    expect(api.callsTo('POST /copier/accounts/2/sync')).toHaveLength(1);
    api.on('POST /copier/accounts/:id/sync', [500, {}]);
    await user.click(within(row).getByRole('button', { name: 'Sync Paper 2' }));
    expect(await screen.findByText('Sync failed. Please try again.')).toBeInTheDocument();
  });
});
