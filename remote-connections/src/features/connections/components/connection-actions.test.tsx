import { SUCCESS } from '@synctrade/api';
import {
  mockApi,
  renderWithProviders,
  screen,
  signIn,
  waitFor,
  within,
  type ApiMock,
} from '@synctrade/test-utils';
import { bus } from '@synctrade/event-bus';
import { BROKERS, buildConnection } from '../../../support/fixtures';
import { resetStores } from '../../../support/reset-stores';
import { ConnectionsPage } from './connections-page';

let api: ApiMock;
let heard: jest.Mock;
let off: () => void;

beforeEach(() => {
  resetStores();
  signIn(1);
  heard = jest.fn();
  off = bus.on('connections:changed', heard);
  api = mockApi()
    .on('GET /brokers', [200, BROKERS])
    .on('GET /brokers/connections', [
      200,
      [buildConnection(), buildConnection({ id: 5, connection_name: 'Paper', enabled: false })],
    ]);
});
afterEach(() => {
  api.restore();
  off();
});

async function renderList() {
  const view = renderWithProviders(<ConnectionsPage />, { route: '/connections', path: '/connections' });
  await screen.findByRole('rowheader', { name: 'Apex evals' });
  return view;
}

/** The order of the calls that matter here, as `METHOD path`. */
function order(): string[] {
  return api.calls.filter((call) => call.path !== '/brokers').map((call) => `${call.method} ${call.path}`);
}

describe('connection toggle', () => {
  it('when an enabled connection is toggled, then disable is sent, the message toasted, the change announced and the list reloaded', async () => {
    api.on('PUT /brokers/connections/:id/:param', [200, { message: 'Connection disabled' }]);
    const { user } = await renderList();
    api.on('GET /brokers/connections', [200, [buildConnection({ enabled: false })]]);
    await user.click(screen.getByRole('switch', { name: 'Enabled Apex evals' }));
    expect(await screen.findByText('Connection disabled')).toBeInTheDocument();
    await waitFor(() =>
      expect(order()).toEqual([
        'GET /brokers/connections',
        'PUT /brokers/connections/4/disable',
        'GET /brokers/connections',
      ]),
    );
    expect(heard).toHaveBeenCalledWith({ connectionId: 4 });
    expect(await screen.findByText('Disconnected')).toBeInTheDocument();
  });

  it('when a disabled connection is toggled, then enable is sent and the default toast shows', async () => {
    api.on('PUT /brokers/connections/:id/:param', [200, { message: SUCCESS.connectionToggle }]);
    const { user } = await renderList();
    await user.click(screen.getByRole('switch', { name: 'Enabled Paper' }));
    expect(await screen.findByText('Connection enabled/disabled successfully')).toBeInTheDocument();
    expect(api.callsTo('PUT /brokers/connections/:id/:param')[0]?.path).toBe('/brokers/connections/5/enable');
  });

  it('when the toggle fails, then the detail or the fallback is toasted and nothing is announced', async () => {
    api.on('PUT /brokers/connections/:id/:param', [409, { detail: 'Reconnect this connection first' }]);
    const { user } = await renderList();
    await user.click(screen.getByRole('switch', { name: 'Enabled Apex evals' }));
    expect(await screen.findByText('Reconnect this connection first')).toBeInTheDocument();
    api.on('PUT /brokers/connections/:id/:param', [500]);
    await user.click(screen.getByRole('switch', { name: 'Enabled Paper' }));
    expect(
      await screen.findByText('Connection enable/disable failed. Please try again.'),
    ).toBeInTheDocument();
    expect(heard).not.toHaveBeenCalled();
  });
});

describe('connection delete', () => {
  it('when delete is confirmed, then the call is made, the message toasted, announced and the list reloaded', async () => {
    api.on('DELETE /brokers/connections/:id', [200, { message: SUCCESS.deleteConnection }]);
    const { user } = await renderList();
    await user.click(screen.getByRole('button', { name: 'Delete Apex evals' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete connection' });
    expect(dialog).toHaveTextContent('Apex evals');
    api.on('GET /brokers/connections', [
      200,
      [buildConnection({ id: 5, connection_name: 'Paper', enabled: false })],
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Connection deleted successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect(order()).toEqual([
        'GET /brokers/connections',
        'DELETE /brokers/connections/4',
        'GET /brokers/connections',
      ]),
    );
    expect(heard).toHaveBeenCalledWith({ connectionId: 4 });
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: 'Apex evals' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when the confirmation is cancelled, then nothing is deleted', async () => {
    const { user } = await renderList();
    await user.click(screen.getByRole('button', { name: 'Delete Apex evals' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('DELETE /brokers/connections/:id')).toHaveLength(0);
  });

  it('when delete fails, then the detail or the fallback is toasted', async () => {
    api.on('DELETE /brokers/connections/:id', [404, { detail: 'Connection not found' }]);
    const { user } = await renderList();
    await user.click(screen.getByRole('button', { name: 'Delete Apex evals' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Connection not found')).toBeInTheDocument();
    api.on('DELETE /brokers/connections/:id', [500]);
    await user.click(screen.getByRole('button', { name: 'Delete Paper' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Connection deletion failed. Please try again.')).toBeInTheDocument();
  });
});

describe('how to add a connection', () => {
  it('when opened, then a step-by-step guide shows and closes', async () => {
    const { user } = await renderList();
    await user.click(screen.getByRole('button', { name: 'How to add a connection' }));
    const dialog = screen.getByRole('dialog', { name: 'How to add a connection' });
    expect(within(dialog).getAllByRole('listitem').length).toBeGreaterThanOrEqual(4);
    await user.click(within(dialog).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
