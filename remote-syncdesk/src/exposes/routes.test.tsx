import { screen } from '@synctrade/test-utils';
import { deskApi, renderDesk, setUpDesk } from '../features/syncdesk/support/render-desk';
import type { ApiMock } from '@synctrade/test-utils';

describe('syncdesk remote', () => {
  let api: ApiMock;
  beforeEach(() => {
    setUpDesk();
    api = deskApi();
  });
  afterEach(() => api.restore());

  it('when mounted, then it renders the Sync Desk', async () => {
    renderDesk();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sync Desk');
    expect(await screen.findByText('No accounts found')).toBeInTheDocument();
  });
});
