import { renderWithProviders, screen, within } from '@synctrade/test-utils';
import Remote from '../../exposes/routes';
import { FOOTER_GROUPS } from '../landing/content/footer-links';
import { INFO_PAGES, infoPageAt } from './content';

function renderAt(route: string): ReturnType<typeof renderWithProviders> {
  return renderWithProviders(<Remote />, { route });
}

describe('public text pages', () => {
  it('when every footer link that is not a landing section is followed, then it opens its own page', async () => {
    const { user, location } = renderAt('/');
    const footer = screen.getByRole('contentinfo');
    const targets = FOOTER_GROUPS.flatMap((group) => group.links).filter(
      (link) => !link.href.startsWith('#') && link.href !== '/',
    );
    expect(targets.length).toBeGreaterThan(10);
    const shown = new Map(
      within(footer)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    );
    for (const link of targets) {
      expect(shown.get(link.label)).toBe(link.href);
      // Every address the footer names is one of the pages (a page of its own, not the landing).
      expect(infoPageAt(link.href.split('#')[0] ?? '')).toBeDefined();
    }
    await user.click(within(footer).getByRole('link', { name: 'Privacy Policy' }));
    expect(location()).toBe('/legal/privacy');
    // The pages load on their first visit (not with the landing).
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Privacy Policy');
  });

  it('when the Privacy Policy opens, then it says credentials are sealed and data is never sold', async () => {
    renderAt('/legal/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(document.title).toBe('Privacy Policy — SyncTrade');
    expect(screen.getByText(/sealed with AES-256-GCM before they are stored/)).toBeInTheDocument();
    expect(screen.getByText(/We do not sell your data/)).toBeInTheDocument();
  });

  it('when the Cookie Policy opens, then it names the one cookie and the two stored values', async () => {
    renderAt('/legal/cookies');
    expect(await screen.findByText(/synctrade_connect_state/)).toBeInTheDocument();
    const storage = screen.getByRole('region', { name: 'Browser storage' });
    expect(
      within(storage)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.split(':')[0]),
    ).toEqual(['access_token', 'theme']);
  });

  it('when a page opens, then its top bar anchors lead back to the landing sections', async () => {
    renderAt('/legal/terms');
    // The wide screen's links are hidden at jsdom's width (no media queries), the phone menu until opened.
    const main = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Pricing', hidden: true })).toHaveAttribute(
      'href',
      '/#pricing',
    );
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/#faq');
  });

  it('when an address under a page folder names no page, then it says the page was not found', async () => {
    renderAt('/legal/nothing-here');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('when the pages are listed, then each address and title is used once', () => {
    const paths = INFO_PAGES.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    const titles = INFO_PAGES.map((page) => page.title);
    expect(new Set(titles).size).toBe(titles.length);
  });
});
