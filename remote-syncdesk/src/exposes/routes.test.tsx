import { renderWithProviders, screen } from '@synctrade/test-utils';
import Remote from './routes';

describe('syncdesk remote', () => {
  it('when mounted, then it renders its area', () => {
    renderWithProviders(<Remote />, { route: '/syncdesk', path: '/syncdesk/*' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sync Desk');
  });
});
