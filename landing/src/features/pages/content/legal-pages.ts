import type { InfoPage } from './info-page';

/**
 * The legal pages the footer and the sign-up form link to. They say what the product actually does with a
 * trader's data, in plain words; when the product changes what it stores, these pages change with it.
 */
export const LEGAL_PAGES: readonly InfoPage[] = [
  {
    path: '/legal/privacy',
    title: 'Privacy Policy',
    lead: 'What SyncTrade stores about you, why, and what it never does with it.',
    sections: [
      {
        heading: 'What we store',
        paragraphs: ['Only what copying trades and running your account needs:'],
        list: [
          'Your account: email address, password (stored only as an Argon2id hash, never in readable form), and the profile fields you fill in (user name, first and last name, bio, photo).',
          'Your broker connections: the name you give each one, the broker, its environment (demo or live) and the sign-in the broker issued (OAuth tokens, API keys or Rithmic passwords). These are sealed with AES-256-GCM before they are stored and are never shown again, not even to you.',
          'Your trading data: the accounts each broker reports, their balances, orders, fills and positions, the copies SyncTrade placed, your trade history, journal notes, the CSV files you import and the prop-firm rules you set.',
          'Notifications about your copies and rules, and whether you read them.',
          'If you turn on two-factor sign-in: its secret (sealed like broker credentials) and your recovery codes (hashed).',
        ],
      },
      {
        heading: 'Why we use it',
        paragraphs: [
          'To sign you in, to copy your leader account’s orders to your followers, to show your desk and history, to enforce the risk and prop-firm rules you set, and to send you the emails you ask for (password reset, rule alerts you turned on).',
        ],
      },
      {
        heading: 'What we never do',
        paragraphs: [
          'We do not sell your data, rent it, or share it with advertisers. There are no advertising or analytics trackers in the product.',
          'Your broker credentials are used only to talk to that broker on your behalf: to read your accounts and to place, change and cancel the orders that copying and your own desk actions need.',
          'Other traders never see your data: every request is checked against the account that made it.',
        ],
      },
      {
        heading: 'Who else receives data',
        paragraphs: [
          'Your brokers, because copying trades means sending them orders. The mail service that delivers our emails receives your email address and the message.',
        ],
      },
      {
        heading: 'Keeping and deleting',
        paragraphs: [
          'Deleting a broker connection removes its sealed credentials at once. Your trade history stays until you ask for your account to be deleted; write to us (see Contact) and your account is deleted with everything stored with it.',
        ],
      },
    ],
  },
  {
    path: '/legal/cookies',
    title: 'Cookie Policy',
    lead: 'SyncTrade uses one short-lived cookie and two values in your browser’s storage, all needed to work.',
    sections: [
      {
        heading: 'The cookie',
        paragraphs: [
          'When you connect a broker that signs you in on its own site, a cookie named synctrade_connect_state holds the state of that sign-in for 10 minutes, so a reply from the broker is only accepted in the browser that started it. It is sent only to the connection part of our API and cannot be read by scripts.',
        ],
      },
      {
        heading: 'Browser storage',
        paragraphs: ['Two values are kept in your browser’s local storage:'],
        list: [
          'access_token: keeps you signed in. Signing out removes it.',
          'theme: whether you chose the dark or the light look.',
        ],
      },
      {
        heading: 'What we do not use',
        paragraphs: [
          'No advertising cookies, no tracking pixels, no analytics cookies and no third-party cookies. That is why there is no cookie banner to accept.',
        ],
      },
    ],
  },
  {
    path: '/legal/terms',
    title: 'Terms of Service',
    lead: 'The terms you accept when you create a SyncTrade account.',
    sections: [
      {
        heading: 'What SyncTrade does',
        paragraphs: [
          'SyncTrade copies the orders of a leader futures account to the follower accounts you choose, at the ratio you set, through the brokers you connect. It is software: it is not a broker, does not hold your money, and does not give trading advice.',
        ],
      },
      {
        heading: 'Your responsibilities',
        list: [
          'Trading futures involves substantial risk of loss. Every order SyncTrade places is one you set it up to place, and you remain responsible for every position on your accounts.',
          'Watch your accounts. A broker can reject or delay a copy, a connection can drop, and a follower can end up out of sync; the desk and notifications tell you, but they do not replace your own watch.',
          'When you disable copying for a follower, its open positions and orders stay as they are and are no longer managed.',
          'Follow your broker’s and your prop firm’s rules. SyncTrade’s prop-firm checks help but the firm’s own rules and decisions prevail.',
          'Keep your password and recovery codes to yourself, and only connect accounts you are allowed to trade.',
        ],
        paragraphs: [],
      },
      {
        heading: 'Plans and trial',
        paragraphs: [
          'The plans and prices are those shown on the home page. Every plan begins with a 7-day free trial and can be cancelled anytime.',
        ],
      },
      {
        heading: 'Availability and liability',
        paragraphs: [
          'We work to keep copying running at all times but cannot promise it never stops: brokers, networks and our servers can fail. To the extent the law allows, we are not liable for trading losses, missed or late copies, or a broker’s actions.',
        ],
      },
      {
        heading: 'Ending your account',
        paragraphs: [
          'You can stop using SyncTrade at any time and ask us to delete your account (see Contact). We may suspend an account that is used to attack the service or other traders.',
        ],
      },
    ],
  },
  {
    path: '/legal/affiliate-terms',
    title: 'Affiliate Terms & Conditions',
    lead: 'SyncTrade has no affiliate programme at the moment.',
    sections: [
      {
        heading: 'No programme yet',
        paragraphs: [
          'We pay no commissions and have no referral links today. Anyone offering you a SyncTrade referral link or affiliate deal does not speak for us. If a programme starts, its terms will be published on this page before it does.',
        ],
      },
    ],
  },
  {
    path: '/contact',
    title: 'Contact',
    lead: 'How to reach the people who run SyncTrade, and what to send so we can help.',
    sections: [
      {
        heading: 'Write to us',
        paragraphs: [
          'SyncTrade is run by the company that operates this server; write to it from the email address you signed up with, so it knows the question is yours. For a copy that went wrong, include the time, the leader and follower account names and the contract. Never send your password, recovery codes or broker credentials: nobody needs them to help you.',
        ],
      },
      {
        heading: 'What the operator can do',
        paragraphs: [
          'The operator holds your account and decides which brokers this server connects (Tradovate, ProjectX, Rithmic). It can delete your account and everything stored with it when you ask.',
        ],
      },
    ],
  },
];
