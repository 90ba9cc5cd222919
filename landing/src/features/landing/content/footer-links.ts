/**
 * The footer's link groups (spec section 2). The spec shows no targets: links whose topic has a section on the
 * landing go to its anchor, the others to their own page of this remote.
 */
export interface FooterLink {
  label: string;
  /** `#id` for a section of the landing, else a route. */
  href: string;
}

export interface FooterGroup {
  title: string;
  links: readonly FooterLink[];
}

const page = (label: string, href: string): FooterLink => ({ label, href });

export const FOOTER_GROUPS: readonly FooterGroup[] = [
  {
    title: 'Product',
    links: [
      page('Home', '/'),
      { label: 'Features', href: '#features' },
      { label: 'About Us', href: '#about' },
      { label: 'Pricing', href: '#pricing' },
      page('Contact Us', '/contact'),
      page('Community', '/guides/help-center#community'),
    ],
  },
  {
    title: 'Learn',
    links: [
      page('What is Copy Trading', '/guides/what-is-copy-trading'),
      page('Is Copy Trading Legit', '/guides/is-copy-trading-legit'),
      page('How to Copy Trades in Tradovate', '/guides/copy-trades-in-tradovate'),
      page('Help Center', '/guides/help-center'),
      { label: 'FAQ', href: '#faq' },
    ],
  },
  {
    title: 'Trade copiers',
    links: [
      page('Futures Trade Copier', '/guides/futures-trade-copier'),
      page('Tradovate Trade Copier', '/guides/tradovate-trade-copier'),
      page('Rithmic Trade Copier', '/guides/rithmic-trade-copier'),
      page('NinjaTrader Trade Copier', '/guides/ninjatrader-trade-copier'),
      page('Prop Firm Trade Copier', '/guides/prop-firm-trade-copier'),
    ],
  },
  {
    title: 'Legal',
    links: [
      page('Privacy Policy', '/legal/privacy'),
      page('Cookie Policy', '/legal/cookies'),
      page('Terms of Service', '/legal/terms'),
      page('Affiliate Terms & Conditions', '/legal/affiliate-terms'),
      page('Contact', '/contact'),
    ],
  },
];
