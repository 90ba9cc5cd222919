import { renderWithProviders, screen } from '@synctrade/test-utils';
import Remote from './routes';

describe('history remote', () => {
  it('when mounted, then it renders its area', () => {
    renderWithProviders(<Remote />, { route: '/trade-history', path: '/trade-history/*' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Dashboard Management');
  });
});
