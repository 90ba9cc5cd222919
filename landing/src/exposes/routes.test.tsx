import { renderWithProviders, screen } from '@synctrade/test-utils';
import Remote from './routes';

describe('landing remote', () => {
  it('when mounted, then it renders its area', () => {
    renderWithProviders(<Remote />, { route: '/', path: '/' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('SyncTrade');
  });
});
