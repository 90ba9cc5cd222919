import { act, renderWithProviders, screen, within } from '@synctrade/test-utils';
import Remote from './routes';

describe('landing remote', () => {
  it('when mounted, then a brief full-screen spinner shows and then goes', () => {
    jest.useFakeTimers();
    try {
      renderWithProviders(<Remote />, { route: '/', path: '/' });
      expect(screen.getByRole('status')).toHaveTextContent('Loading SyncTrade');
      act(() => {
        jest.advanceTimersByTime(400);
      });
      expect(screen.queryByText('Loading SyncTrade')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('when mounted, then the page heading and the sections show in the spec order', () => {
    const { container } = renderWithProviders(<Remote />, { route: '/', path: '/' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Copy your futures trades');
    const ids = Array.from(container.querySelectorAll('main > section[id]')).map((section) => section.id);
    expect(ids).toEqual(['features', 'brokers', 'about', 'started-algo', 'pricing', 'reviews', 'faq']);
    expect(screen.getByRole('heading', { name: 'Ready to level up your Trading' })).toBeInTheDocument();
    expect(within(screen.getByRole('contentinfo')).getByText('SyncTrade')).toBeInTheDocument();
  });
});
