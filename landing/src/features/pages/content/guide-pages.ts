import type { InfoPage } from './info-page';

/** How a broker is connected, said the same way on every guide that names brokers. */
const BROKER_FACTS = [
  'Tradovate: you sign in on Tradovate’s own page. It is available when the operator of this server has set up Tradovate’s OAuth credentials; otherwise Add Connection shows it as not set up on this server.',
  'ProjectX (TopstepX and the other prop firms on ProjectX): you enter your ProjectX user name and API key. It connects today.',
  'Rithmic: you choose a gateway and your system (for example Rithmic Paper Trading, Rithmic 01 or your prop firm), then your Rithmic user name and password. It is available when the operator has configured Rithmic gateways.',
  'Paper: the built-in paper broker is always there, to try copying without risking money.',
] as const;

/** The guide pages the footer names (Learn and Trade copiers). */
export const GUIDE_PAGES: readonly InfoPage[] = [
  {
    path: '/guides/what-is-copy-trading',
    title: 'What is Copy Trading',
    lead: 'Copy trading places the same trade on several accounts at once, so you trade one and the others follow.',
    sections: [
      {
        heading: 'Leader and followers',
        paragraphs: [
          'You mark one account as the leader and the others as followers. When an order is placed, changed or canceled on the leader, SyncTrade does the same on every follower, sized by each follower’s ratio (a ratio of 2 copies a 1-lot as a 2-lot).',
          'Followers can copy minis as micros (Cross), be paused one by one, or be flattened together from the Sync Desk.',
        ],
      },
      {
        heading: 'Why traders use it',
        list: [
          'Several prop-firm evaluations or funded accounts traded the same way, without placing every order by hand.',
          'A personal account and a funded account kept in step.',
          'Different sizes per account from one decision.',
        ],
        paragraphs: [],
      },
      {
        heading: 'What it does not do',
        paragraphs: [
          'SyncTrade copies your own trades between your own accounts. It does not pick trades, give signals or trade for you.',
        ],
      },
    ],
  },
  {
    path: '/guides/is-copy-trading-legit',
    title: 'Is Copy Trading Legit',
    lead: 'Copying your own trades between your own accounts is a normal tool; whether a prop firm allows it is up to the firm.',
    sections: [
      {
        heading: 'Your accounts, your trades',
        paragraphs: [
          'A trade copier only does what you would do by hand on each account: it places your orders through your broker, with your credentials, on accounts you own.',
        ],
      },
      {
        heading: 'Check your prop firm’s rules',
        paragraphs: [
          'Many prop firms allow copying between your own accounts, some limit how many accounts you may copy to, and some forbid copying between different traders. Read your firm’s own rules before you copy; SyncTrade’s prop-firm panel can hold the firm’s limits (daily loss, drawdown, contract limits) and stop copying before a rule is broken.',
        ],
      },
      {
        heading: 'Warning signs elsewhere',
        paragraphs: [
          'Be careful with services that ask for your broker password to trade for you, promise profits, or sell signals to copy. SyncTrade does none of these.',
        ],
      },
    ],
  },
  {
    path: '/guides/copy-trades-in-tradovate',
    title: 'How to Copy Trades in Tradovate',
    lead: 'Connect your Tradovate login, pick a leader account and followers, and trade as usual.',
    sections: [
      {
        heading: 'Before you start',
        paragraphs: [
          'Tradovate connects when the operator of this server has set up Tradovate’s OAuth credentials. If Add Connection shows Tradovate as not set up on this server, ask the operator to enable it, or use ProjectX, Rithmic or the paper broker meanwhile.',
        ],
      },
      {
        heading: 'Steps',
        list: [
          'Open Connections, choose Add Connection, then Tradovate, a name and demo or live.',
          'Sign in on Tradovate’s page and allow SyncTrade; you come back to Connections with your accounts listed.',
          'On the Sync Desk, choose the leader account, then switch Follow on for each follower and set its ratio.',
          'Trade on the leader in Tradovate or any platform on that account: each order is copied to the followers.',
        ],
        paragraphs: [],
      },
    ],
  },
  {
    path: '/guides/help-center',
    title: 'Help Center',
    lead: 'Where to look first when something does not go as expected.',
    sections: [
      {
        heading: 'Connecting a broker',
        paragraphs: ['Each broker connects in its own way:'],
        list: BROKER_FACTS,
      },
      {
        heading: 'A copy did not happen',
        paragraphs: [
          'Open Notifications: a rejected copy, a follower out of sync, a risk stop or a lost connection is written there with its reason. The Sync Desk shows each follower’s position beside the leader’s, and Sync aligns a follower again.',
        ],
      },
      {
        heading: 'Disabling copying',
        paragraphs: [
          'Disable all followers stops copying, but open positions and working orders on the followers stay as they are and are no longer managed. Flatten them first if you do not want to keep them.',
        ],
      },
      {
        heading: 'Community',
        id: 'community',
        paragraphs: [
          'There is no public forum yet. Questions and suggestions are welcome through the Contact page.',
        ],
      },
    ],
  },
  {
    path: '/guides/futures-trade-copier',
    title: 'Futures Trade Copier',
    lead: 'SyncTrade copies futures orders (ES, NQ, CL, GC and their micros) from one leader account to many followers.',
    sections: [
      {
        heading: 'What is copied',
        paragraphs: [
          'Market, limit and stop orders, their changes and their cancels, sized by each follower’s ratio. Minis can be copied as micros.',
        ],
      },
      { heading: 'Brokers', paragraphs: ['Each broker connects in its own way:'], list: BROKER_FACTS },
      {
        heading: 'Risk',
        paragraphs: [
          'Per-account prop-firm rules (daily loss, drawdown, contract limits, news blackouts) stop copying to an account before it breaks a rule.',
        ],
      },
    ],
  },
  {
    path: '/guides/tradovate-trade-copier',
    title: 'Tradovate Trade Copier',
    lead: 'Copy trades between Tradovate accounts, or from Tradovate to accounts at other brokers SyncTrade connects.',
    sections: [
      {
        heading: 'How it connects',
        paragraphs: [
          'You sign in on Tradovate’s own page; SyncTrade never sees your Tradovate password. This needs the server’s operator to have set up Tradovate’s OAuth credentials; until then Tradovate shows as not set up on this server.',
        ],
      },
      {
        heading: 'Mixing brokers',
        paragraphs: [
          'A Tradovate leader can have followers on ProjectX, Rithmic or the paper broker, and the other way round.',
        ],
      },
    ],
  },
  {
    path: '/guides/rithmic-trade-copier',
    title: 'Rithmic Trade Copier',
    lead: 'Copy trades on Rithmic accounts, including prop firms that clear through Rithmic.',
    sections: [
      {
        heading: 'How it connects',
        paragraphs: [
          'Choose Rithmic in Add Connection, a gateway, your system and your Rithmic user name and password. The password is checked with Rithmic, stored sealed and never shown again. Rithmic is offered when the operator of this server has configured Rithmic gateways.',
        ],
      },
      {
        heading: 'Good to know',
        list: [
          'Sign the Rithmic agreements in R Trader Pro first.',
          'Rithmic limits sessions per login: another platform signed in with the same login can log the copier out.',
          'Rithmic enables live gateways for an application only after its conformance test; until then the Rithmic test gateway is offered.',
        ],
        paragraphs: [],
      },
    ],
  },
  {
    path: '/guides/ninjatrader-trade-copier',
    title: 'NinjaTrader Trade Copier',
    lead: 'SyncTrade does not connect to the NinjaTrader platform itself; it connects to the account your orders go to.',
    sections: [
      {
        heading: 'Trading from NinjaTrader',
        paragraphs: [
          'If your NinjaTrader account is held at a broker SyncTrade connects (Tradovate, a ProjectX prop firm or a Rithmic gateway), connect that account in SyncTrade. Orders you place in NinjaTrader on it reach the broker and are copied like any other.',
          'Accounts SyncTrade cannot reach through one of these brokers cannot be copied.',
        ],
      },
    ],
  },
  {
    path: '/guides/prop-firm-trade-copier',
    title: 'Prop Firm Trade Copier',
    lead: 'Trade several prop-firm accounts as one, with each firm’s limits watched per account.',
    sections: [
      {
        heading: 'Firm rules per account',
        paragraphs: [
          'On the Sync Desk, pick your firm and plan for each account. SyncTrade fills in the firm’s published limits (daily loss, trailing drawdown, contract limits, news blackouts) which you can adjust, and stops copying to an account before it would break one.',
          'The firm’s own rules and decisions always prevail: check them on the firm’s help pages.',
        ],
      },
      { heading: 'Brokers', paragraphs: ['Prop firms run on these brokers:'], list: BROKER_FACTS },
    ],
  },
];
