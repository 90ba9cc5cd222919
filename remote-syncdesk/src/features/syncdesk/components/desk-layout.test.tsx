import { screen, within, type ApiMock } from '@synctrade/test-utils';
import { buildAccount } from '../support/builders';
import { deskApi, renderDesk, screenIs, setUpDesk } from '../support/render-desk';

const LONG_NAME = 'Apex evaluation accounts opened in November';
const ACCOUNTS = [
  buildAccount({ id: 1, is_master: true, accounts: 'Lead paper', connection_name: LONG_NAME }),
  buildAccount({ id: 2, is_follower: true }),
];

/** The desk's sections (by their headings' names) in document order. */
async function sectionOrder(): Promise<string[]> {
  await screen.findByRole('form', { name: 'Paper order ticket' });
  return screen
    .getAllByRole('region')
    .map((region) => region.getAttribute('aria-labelledby') ?? '')
    .filter((id) => id.startsWith('syncdesk-'));
}

describe('desk layout', () => {
  let api: ApiMock;
  beforeEach(() => setUpDesk());
  afterEach(() => {
    api.restore();
    Reflect.deleteProperty(window, 'matchMedia');
  });

  it('when the desk opens on a phone, then the paper ticket comes before the account cards', async () => {
    screenIs(true);
    api = deskApi({ accounts: ACCOUNTS });
    renderDesk();
    const order = await sectionOrder();
    expect(order.indexOf('syncdesk-ticket-title')).toBeLessThan(order.indexOf('syncdesk-accounts-title'));
  });

  it('when the desk opens on a wide screen, then the paper ticket follows the accounts', async () => {
    screenIs(false);
    api = deskApi({ accounts: ACCOUNTS });
    renderDesk();
    const order = await sectionOrder();
    expect(order.indexOf('syncdesk-ticket-title')).toBeGreaterThan(order.indexOf('syncdesk-accounts-title'));
  });

  it('when a connection name is longer than its column, then the cell text carries the full name as its title', async () => {
    screenIs(false);
    api = deskApi({ accounts: ACCOUNTS });
    renderDesk();
    const row = (await screen.findByRole('cell', { name: /^Lead paper/ })).closest(
      '[role="row"]',
    ) as HTMLElement;
    const connection = within(row).getByText(LONG_NAME);
    expect(connection).toHaveAttribute('title', LONG_NAME);
    expect(connection).toHaveClass('clip');
  });
});
