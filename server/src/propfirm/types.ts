/** Firms the presets know; `custom` is a rule set the user filled in. */
export type FirmId =
  'topstep' | 'apex' | 'takeprofittrader' | 'myfundedfutures' | 'tradeify' | 'bulenox' | 'custom';

/** A wall-clock time in a named IANA zone: `17:00` in `America/Chicago`. */
export interface ZonedTime {
  zone: string;
  /** `HH:mm`, 24-hour. */
  time: string;
}

export type NewsKind = 'FOMC' | 'NFP' | 'CPI' | 'EIA';

/** Every rule of one account; each part can be switched off and every value edited. */
export interface PropRules {
  firm: FirmId;
  /** The preset the values came from, or `custom`. */
  preset: string;
  /**
   * When the firm's trading day starts (daily loss, daily profit, end-of-day drawdown and consistency count
   * from here): 17:00 Chicago for Topstep, 18:00 New York by default.
   */
  dayStart: ZonedTime;
  maxContracts: {
    enabled: boolean;
    /** The most the account may hold, counted in minis. */
    minis: number;
    /** How many micros count as one mini (10 where the firm says so; 1 counts a micro like a mini). */
    microsPerMini: number;
  };
  drawdown: {
    enabled: boolean;
    /** `intraday`: the high-water mark follows equity with open P&L; `eod`: it moves at the day's close. */
    mode: 'intraday' | 'eod';
    /** Distance of the floor below the high-water mark, in dollars. */
    amount: number;
    /** The account's starting balance: the first high-water mark. */
    startingBalance: number;
    /** The floor stops trailing once it reaches this balance (null: it never stops). */
    lockAt: number | null;
    /** Flatten and stop following when equity is this close to the floor (dollars), before the firm acts. */
    buffer: number;
  };
  dailyLoss: { enabled: boolean; amount: number };
  dailyProfit: { enabled: boolean; amount: number };
  flatBy: {
    enabled: boolean;
    /** The firm's deadline: positions must be flat by then. */
    deadline: ZonedTime;
    /** Flatten and refuse entries this many minutes before the deadline. */
    minutesBefore: number;
    /** New entries are accepted again from here (the next session's open). */
    reopen: ZonedTime;
  };
  news: {
    enabled: boolean;
    minutesBefore: number;
    minutesAfter: number;
    kinds: NewsKind[];
  };
  hedging: {
    enabled: boolean;
    /** `refuse` the copy, or `close_first`: close the user's opposite accounts, then copy. */
    action: 'refuse' | 'close_first';
  };
  consistency: {
    enabled: boolean;
    /** The best day may be at most this share of the total profit, in percent. */
    maxBestDayPercent: number;
    /** Stop for the day when today's profit reaches what the rule allows. */
    stopAtLimit: boolean;
  };
}

/** Names of the rules, as recorded beside a clipped or refused copy. */
export type RuleName =
  | 'max_contracts'
  | 'drawdown'
  | 'daily_loss'
  | 'daily_profit'
  | 'flat_by'
  | 'news'
  | 'hedging'
  | 'consistency'
  | 'leader_breach';
