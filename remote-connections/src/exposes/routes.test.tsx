import { renderWithProviders, screen } from '@synctrade/test-utils';
import Remote from './routes';

describe('connections remote', () => {
  it('when mounted, then it renders its area', () => {
    renderWithProviders(<Remote />, { route: '/connections', path: '/connections/*' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Connections Management');
  });
});
