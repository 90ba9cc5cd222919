import { renderWithProviders, screen } from '@synctrade/test-utils';
import Remote from './routes';

describe('profile remote', () => {
  it('when mounted, then it renders its area', () => {
    renderWithProviders(<Remote />, { route: '/profile', path: '/profile/*' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Profile');
  });
});
