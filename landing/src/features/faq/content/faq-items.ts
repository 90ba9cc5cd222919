export interface FaqItem {
  question: string;
  answer: string;
}

/** The FAQ; the third item (index 2) is the one open at start. */
export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    question: 'What is a trade copier?',
    answer:
      'A trade copier places the same trade on several accounts at once. You trade one leader account and SyncTrade copies every order to your follower accounts, sized by the ratio you set.',
  },
  {
    question: 'Which brokers and platforms are supported?',
    answer:
      'ProjectX (TopstepX and the other prop firms on it) connects today, with your user name and API key. Tradovate connects through its own sign-in once the server’s operator has set up Tradovate’s OAuth credentials, and Rithmic once the operator has configured Rithmic gateways; until then Add Connection says they are not set up on this server. The built-in paper broker is always there. dxFeed is not connected yet. Prop firm accounts that run on these brokers work the same way.',
  },
  {
    question: 'How much does SyncTrade cost?',
    answer:
      'Monthly plans start at $99/month, with tiers by the number of accounts you copy to. Every plan begins with a 7-day free trial and you can cancel anytime.',
  },
  {
    question: 'How fast are trades copied?',
    answer:
      'Execution takes under 100 ms from the leader’s fill to the follower orders, which are sent to all followers at the same time.',
  },
  {
    question: 'Can I control sizing and risk per account?',
    answer:
      'Yes. Each follower has its own ratio, can copy minis as micros, and can be paused or flattened on its own or together with all the others.',
  },
  {
    question: 'How do I connect a Rithmic account?',
    answer:
      'Choose Rithmic in Add Connection, then a gateway, the system your login belongs to (for example Rithmic Paper Trading, Rithmic 01 or your prop firm such as Apex), your Rithmic user name and password. The password is checked with Rithmic, stored encrypted and never shown again. Sign the Rithmic agreements in R Trader Pro first, and keep in mind that Rithmic limits sessions per login: another platform signed in with the same login can log the copier out. Rithmic enables live gateways for an application only after its conformance test; until then the Rithmic test gateway is offered.',
  },
  {
    question: 'Which contracts can I copy?',
    answer: 'All major futures contracts, including ES, NQ, CL and GC and their micro versions.',
  },
];

/** The item open when the page loads (spec section 2: the third item, index 2). */
export const INITIAL_OPEN_FAQ = 2;
