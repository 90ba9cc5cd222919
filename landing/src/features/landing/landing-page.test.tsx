import { renderWithProviders, screen, within } from '@synctrade/test-utils';
import { LandingPage, PAGE_DESCRIPTION, PAGE_TITLE } from '.';

function renderPage(): ReturnType<typeof renderWithProviders> {
  return renderWithProviders(<LandingPage />, { route: '/', path: '/' });
}

describe('landing page', () => {
  it('when mounted, then it sets a meaningful title and description, restored on leaving', () => {
    document.title = 'Before';
    const { unmount } = renderPage();
    expect(document.title).toBe(PAGE_TITLE);
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', PAGE_DESCRIPTION);
    unmount();
    expect(document.title).toBe('Before');
  });

  it('when the top bar shows, then its anchors point at sections that exist', () => {
    const { container } = renderPage();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    // Hidden below the md breakpoint (jsdom matches no media query); the mobile menu carries them there.
    const anchors = within(nav).getAllByRole('link', { hidden: true });
    expect(anchors.map((link) => link.getAttribute('href'))).toEqual([
      '#features',
      '#about',
      '#pricing',
      '#reviews',
      '#faq',
    ]);
    anchors.forEach((link) =>
      expect(container.querySelector(link.getAttribute('href') ?? '')).not.toBeNull(),
    );
  });

  it('when Login is followed, then it goes to /login', async () => {
    const { user, location } = renderPage();
    const bar = screen.getByRole('banner');
    await user.click(within(bar).getAllByRole('link', { name: 'Login', hidden: true })[0] as HTMLElement);
    expect(location()).toBe('/login');
  });

  it.each(['Start Free Trial', 'Start For Free'])(
    'when "%s" is followed, then the sign-up view opens',
    async (name) => {
      const { user, location } = renderPage();
      await user.click(screen.getAllByRole('link', { name, hidden: true })[0] as HTMLElement);
      expect(location()).toBe('/login?view=signup');
    },
  );

  it('when the mobile menu is opened, then it shows and its Login goes to /login; it closes again', async () => {
    const { user, location } = renderPage();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(menu).getAllByRole('link')).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const panel = document.getElementById('landing-mobile-menu') as HTMLElement;
    await user.click(within(panel).getByRole('link', { name: 'Login' }));
    expect(location()).toBe('/login');
  });

  it('when the hero shows, then it makes the spec claims', () => {
    renderPage();
    const claims = within(document.getElementById('features') as HTMLElement).getByRole('list');
    expect(within(claims).getByText(/under 100 ms/)).toBeInTheDocument();
    expect(within(claims).getByText(/many accounts at once/)).toBeInTheDocument();
    expect(within(claims).getByText(/sizing and risk settings/)).toBeInTheDocument();
    expect(within(claims).getByText(/ES, NQ, CL, GC/)).toBeInTheDocument();
  });

  it('when the brokers section shows, then it lists seven entries with a mark each', () => {
    renderPage();
    const list = screen.getByRole('list', { name: 'Brokers and platforms' });
    const entries = within(list).getAllByRole('listitem');
    expect(entries).toHaveLength(7);
    entries.forEach((entry) => expect(entry.querySelector('svg[width][height]')).not.toBeNull());
  });

  it('when the brokers section shows, then each broker says what is true of it on any server', () => {
    renderPage();
    const list = screen.getByRole('list', { name: 'Brokers and platforms' });
    const entry = (name: string): HTMLElement =>
      within(list).getByText(name, { selector: 'strong' }).closest('li') as HTMLElement;
    expect(entry('ProjectX')).toHaveTextContent('Connects today');
    expect(entry('Tradovate')).toHaveTextContent('When the server has it set up');
    expect(entry('Rithmic')).toHaveTextContent('When the server has its gateways');
    expect(entry('dxFeed')).toHaveTextContent('Not connected yet');
    const brokers = document.getElementById('brokers') as HTMLElement;
    expect(within(brokers).getByText(/paper broker is always there/)).toBeInTheDocument();
    expect(within(brokers).getByText(/its operator sets up Tradovate/)).toBeInTheDocument();
  });

  it('when pricing shows, then plans start at $99/month with a 7-day free trial and cancel anytime', () => {
    renderPage();
    const pricing = document.getElementById('pricing') as HTMLElement;
    expect(within(pricing).getByRole('heading', { name: 'Plans from $99/month' })).toBeInTheDocument();
    expect(within(pricing).getByText(/7-day free trial\. Cancel anytime\./)).toBeInTheDocument();
    expect(within(pricing).getAllByRole('link', { name: /Start free trial of/ })[0]).toHaveAttribute(
      'href',
      '/login?view=signup',
    );
  });

  it('when the footer shows, then it has the spec link groups and named social icons', () => {
    renderPage();
    const footer = screen.getByRole('contentinfo');
    const labels = [
      'Home',
      'Features',
      'About Us',
      'Pricing',
      'Contact Us',
      'Community',
      'What is Copy Trading',
      'Is Copy Trading Legit',
      'How to Copy Trades in Tradovate',
      'Help Center',
      'FAQ',
      'Privacy Policy',
      'Cookie Policy',
      'Terms of Service',
      'Affiliate Terms & Conditions',
      'Contact',
      'Facebook',
      'LinkedIn',
      'Twitter',
      'Instagram',
    ];
    labels.forEach((name) => expect(within(footer).getByRole('link', { name })).toBeInTheDocument());
    expect(within(footer).getAllByRole('link', { name: /Trade Copier$/ }).length).toBeGreaterThanOrEqual(3);
    expect(within(footer).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '#pricing');
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/legal/privacy',
    );
  });
});
