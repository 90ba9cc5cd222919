/**
 * The footer's link groups (spec section 2). The spec shows no targets: links whose topic has a section
 * here go to its anchor, the others to / until those pages exist.
 */
export interface FooterLink {
  label: string;
  /** `#id` for an in-page anchor, else a route. */
  href: string;
}

export interface FooterGroup {
  title: string;
  links: readonly FooterLink[];
}

const home = (label: string): FooterLink => ({ label, href: '/' });

export const FOOTER_GROUPS: readonly FooterGroup[] = [
  {
    title: 'Product',
    links: [
      home('Home'),
      { label: 'Features', href: '#features' },
      { label: 'About Us', href: '#about' },
      { label: 'Pricing', href: '#pricing' },
      home('Contact Us'),
      home('Community'),
    ],
  },
  {
    title: 'Learn',
    links: [
      home('What is Copy Trading'),
      home('Is Copy Trading Legit'),
      home('How to Copy Trades in Tradovate'),
      home('Help Center'),
      { label: 'FAQ', href: '#faq' },
    ],
  },
  {
    title: 'Trade copiers',
    links: [
      home('Futures Trade Copier'),
      home('Tradovate Trade Copier'),
      home('Rithmic Trade Copier'),
      home('NinjaTrader Trade Copier'),
      home('Prop Firm Trade Copier'),
    ],
  },
  {
    title: 'Legal',
    links: [
      home('Privacy Policy'),
      home('Cookie Policy'),
      home('Terms of Service'),
      home('Affiliate Terms & Conditions'),
      home('Contact'),
    ],
  },
];
