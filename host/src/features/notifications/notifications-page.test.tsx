import {
  copyGroupFixture,
  mockApi,
  renderWithProviders,
  screen,
  within,
  type ApiMock,
} from '@synctrade/test-utils';
import { NotificationsPage } from './notifications-page';
import { useNotificationsStore } from './notifications-store';

const older = {
  id: 1,
  kind: 'copy_failed',
  title: 'Copy rejected',
  message: 'SIM-2: max position',
  created_at: '2026-11-20T10:00:00Z',
  read: false,
};
const newer = {
  id: 2,
  kind: 'risk_stop',
  title: 'Risk stop',
  message: 'SIM-3 hit its daily loss limit',
  created_at: '2026-11-21T10:00:00Z',
  read: false,
};

let api: ApiMock;
beforeEach(() => {
  useNotificationsStore.setState({ items: [], unread: 0, status: 'idle', error: null });
  // One group: the page shows no group filter.
  api = mockApi()
    .on('GET /notifications', [200, { notifications: [older, newer], unread: 2 }])
    .on('GET /copier/groups', [200, []]);
});
afterEach(() => api.restore());

describe('notifications page', () => {
  it('when notifications exist, then they are listed newest first and can be marked as read', async () => {
    api.on('PUT /notifications/:id/read', [200, { message: 'ok' }]);
    const view = renderWithProviders(<NotificationsPage />);
    const titles = await screen.findAllByRole('heading', { level: 2 });
    expect(titles.map((t) => t.textContent)).toEqual(['Risk stop (unread)', 'Copy rejected (unread)']);
    await view.user.click(screen.getByRole('button', { name: 'Mark "Risk stop" as read' }));
    expect(api.callsTo('PUT /notifications/:id/read')[0]?.path).toBe('/notifications/2/read');
    expect(within(screen.getAllByRole('listitem')[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(useNotificationsStore.getState().unread).toBe(1);
  });

  it('when all are marked as read, then the button is disabled', async () => {
    api.on('PUT /notifications/read-all', [200, { message: 'ok' }]);
    const view = renderWithProviders(<NotificationsPage />);
    await screen.findByText('Risk stop');
    await view.user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('when there are none, then it says so and what will appear there', async () => {
    api.on('GET /notifications', [200, { notifications: [], unread: 0 }]);
    renderWithProviders(<NotificationsPage />);
    expect(await screen.findByRole('heading', { name: 'No notifications yet' })).toBeInTheDocument();
    expect(screen.getByText(/a copy a broker rejected/)).toHaveTextContent(
      'a follower out of sync with its leader, a risk stop or prop-firm rule that flattened an account',
    );
  });

  it('when loading fails, then the error shows with Retry', async () => {
    api.on('GET /notifications', [500, { detail: 'Database unavailable' }]);
    renderWithProviders(<NotificationsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it("when the trader has two copy groups, then a Copy group filter shows one group's notifications", async () => {
    const group = copyGroupFixture;
    api
      .on('GET /notifications', [
        200,
        {
          notifications: [
            { ...older, account_id: 2 },
            { ...newer, account_id: 7 },
            { ...newer, id: 3, title: 'Broker disconnected', account_id: null },
          ],
          unread: 3,
        },
      ])
      .on('GET /copier/groups', [200, [group(1, 'Evaluations', [1, 2]), group(4, 'Funded', [6, 7])]]);
    const view = renderWithProviders(<NotificationsPage />);
    await screen.findByRole('heading', { name: 'Copy rejected (unread)' });
    const filter = await screen.findByRole('combobox', { name: 'Copy group' });
    await view.user.selectOptions(filter, 'Funded');
    const titles = screen.getAllByRole('heading', { level: 2 }).map((t) => t.textContent);
    expect(titles).toEqual(['Risk stop (unread)']);
    await view.user.selectOptions(filter, 'All groups');
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(3);
  });
});
