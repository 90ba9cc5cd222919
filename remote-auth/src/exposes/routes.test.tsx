import { renderWithProviders, screen } from '@synctrade/test-utils';
import Remote from './routes';

describe('auth remote', () => {
  it('when mounted, then it renders its area', () => {
    renderWithProviders(<Remote />, { route: '/login', path: '/login' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign In');
  });
});
