import type { FirmId, PropRules } from './types';

/** A firm's rules for one account type and size, with where they were read and when. */
export interface RulePreset {
  id: string;
  firm: Exclude<FirmId, 'custom'>;
  label: string;
  /** Pages the values come from (third-party pages are marked so in the team's notes). */
  sources: readonly string[];
  /** When the sources were read (`YYYY-MM-DD`). Firms change rules often: the user can edit every value. */
  checkedOn: string;
  /** Values the sources did not state, filled with the firm's usual figure: the user should check them. */
  unverified: readonly string[];
  rules: PropRules;
}

const CHECKED_ON = '2026-11-23';
const CHICAGO = 'America/Chicago';
const NEW_YORK = 'America/New_York';

const OFF: Omit<PropRules, 'firm' | 'preset'> = {
  dayStart: { zone: NEW_YORK, time: '18:00' },
  maxContracts: { enabled: false, minis: 10, microsPerMini: 10 },
  drawdown: {
    enabled: false,
    mode: 'intraday',
    amount: 2000,
    startingBalance: 50_000,
    lockAt: null,
    buffer: 200,
  },
  dailyLoss: { enabled: false, amount: 1000 },
  dailyProfit: { enabled: false, amount: 3000 },
  flatBy: {
    enabled: false,
    deadline: { zone: CHICAGO, time: '15:10' },
    minutesBefore: 2,
    reopen: { zone: CHICAGO, time: '17:00' },
  },
  news: { enabled: false, minutesBefore: 2, minutesAfter: 2, kinds: ['FOMC', 'NFP', 'CPI', 'EIA'] },
  hedging: { enabled: false, action: 'refuse' },
  consistency: { enabled: false, maxBestDayPercent: 50, stopAtLimit: false },
};

/** The rules of an account with no preset: everything off until the user sets it. */
export function customRules(): PropRules {
  return structuredClone({ firm: 'custom', preset: 'custom', ...OFF });
}

const TOPSTEP_SOURCES = [
  'https://help.topstep.com/en/articles/8937219-topstepx-trade-copier',
  'https://help.futures.topstep.com/hc/en-us/articles/8808125387923-Prohibited-Conduct',
  'https://topstep.com/blog/trade-desk-trade-flattening',
  'https://proptradingvibes.com/blog/topstep-copy-trading-rules',
];

function topstep(size: 50 | 100 | 150, dll: number, minis: number, mll: number): RulePreset {
  const balance = size * 1000;
  return {
    id: `topstep-combine-${size}k`,
    firm: 'topstep',
    label: `Topstep Trading Combine ${size}K`,
    sources: TOPSTEP_SOURCES,
    checkedOn: CHECKED_ON,
    unverified: ['drawdown.amount'],
    rules: {
      ...structuredClone(OFF),
      firm: 'topstep',
      preset: `topstep-combine-${size}k`,
      dayStart: { zone: CHICAGO, time: '17:00' },
      maxContracts: { enabled: true, minis, microsPerMini: 10 },
      // Combine: the maximum loss limit trails intraday and stops at the starting balance.
      drawdown: {
        enabled: true,
        mode: 'intraday',
        amount: mll,
        startingBalance: balance,
        lockAt: balance,
        buffer: Math.round(mll / 10),
      },
      dailyLoss: { enabled: true, amount: dll },
      // The platform flattens at 15:08 CT itself: act a minute earlier.
      flatBy: {
        enabled: true,
        deadline: { zone: CHICAGO, time: '15:10' },
        minutesBefore: 3,
        reopen: { zone: CHICAGO, time: '17:00' },
      },
      hedging: { enabled: true, action: 'refuse' },
      consistency: { enabled: true, maxBestDayPercent: 50, stopAtLimit: false },
    },
  };
}

export const PRESETS: readonly RulePreset[] = [
  topstep(50, 1000, 5, 2000),
  topstep(100, 2000, 10, 3000),
  topstep(150, 3000, 15, 4500),
  {
    id: 'apex-50k-eod',
    firm: 'apex',
    label: 'Apex Trader Funding 50K (end-of-day drawdown)',
    sources: [
      'https://apextraderfunding.com/help-center/getting-started/prohibited-activities/',
      'https://support.atf.com/hc/en-us/articles/4404875002139-What-are-the-Consistency-Rules-for-PA-and-Funded-Accounts',
      'https://damnpropfirms.com/?p=12440',
      'https://fundedwiki.com/apex-trader-funding/prohibited-strategies',
    ],
    checkedOn: CHECKED_ON,
    unverified: ['drawdown.amount', 'drawdown.lockAt', 'maxContracts.minis'],
    rules: {
      ...structuredClone(OFF),
      firm: 'apex',
      preset: 'apex-50k-eod',
      maxContracts: { enabled: true, minis: 10, microsPerMini: 10 },
      drawdown: {
        enabled: true,
        mode: 'eod',
        amount: 2500,
        startingBalance: 50_000,
        lockAt: 50_100,
        buffer: 250,
      },
      hedging: { enabled: true, action: 'refuse' },
      consistency: { enabled: true, maxBestDayPercent: 50, stopAtLimit: false },
    },
  },
  {
    id: 'tpt-pro-plus-50k',
    firm: 'takeprofittrader',
    label: 'Take Profit Trader PRO+ 50K',
    sources: [
      'https://takeprofittrader.crunch.help/en/proplus-account/pro-account-rules',
      'https://smartpropfirm.com/firms/takeprofittrader?tab=reviews',
    ],
    checkedOn: CHECKED_ON,
    unverified: ['drawdown.amount', 'maxContracts.minis', 'flatBy.deadline'],
    rules: {
      ...structuredClone(OFF),
      firm: 'takeprofittrader',
      preset: 'tpt-pro-plus-50k',
      maxContracts: { enabled: true, minis: 6, microsPerMini: 10 },
      drawdown: {
        enabled: true,
        mode: 'intraday',
        amount: 2000,
        startingBalance: 50_000,
        lockAt: null,
        buffer: 200,
      },
      // No overnight positions: flat before the CME daily halt (16:00 Chicago).
      flatBy: {
        enabled: true,
        deadline: { zone: CHICAGO, time: '16:00' },
        minutesBefore: 2,
        reopen: { zone: CHICAGO, time: '17:00' },
      },
      news: { enabled: true, minutesBefore: 1, minutesAfter: 1, kinds: ['FOMC', 'NFP', 'CPI', 'EIA'] },
      hedging: { enabled: true, action: 'refuse' },
      consistency: { enabled: true, maxBestDayPercent: 50, stopAtLimit: false },
    },
  },
  {
    id: 'mffu-funded-50k',
    firm: 'myfundedfutures',
    label: 'MyFundedFutures funded 50K',
    sources: ['https://propfirmsyncer.com/futures/myfundedfutures'],
    checkedOn: CHECKED_ON,
    unverified: ['drawdown.amount', 'maxContracts.minis'],
    rules: {
      ...structuredClone(OFF),
      firm: 'myfundedfutures',
      preset: 'mffu-funded-50k',
      maxContracts: { enabled: true, minis: 5, microsPerMini: 10 },
      drawdown: {
        enabled: true,
        mode: 'eod',
        amount: 2000,
        startingBalance: 50_000,
        lockAt: 50_000,
        buffer: 200,
      },
      news: { enabled: true, minutesBefore: 2, minutesAfter: 2, kinds: ['FOMC', 'NFP', 'CPI', 'EIA'] },
      // Mini against micro on the same index counts as a hedge there too.
      hedging: { enabled: true, action: 'refuse' },
    },
  },
  {
    id: 'tradeify-50k',
    firm: 'tradeify',
    label: 'Tradeify 50K',
    sources: ['https://intercom.help/tradeify-test/en/articles/11807982-guidelines-for-traders'],
    checkedOn: CHECKED_ON,
    unverified: ['drawdown.amount'],
    rules: {
      ...structuredClone(OFF),
      firm: 'tradeify',
      preset: 'tradeify-50k',
      drawdown: {
        enabled: true,
        mode: 'eod',
        amount: 2000,
        startingBalance: 50_000,
        lockAt: 50_100,
        buffer: 200,
      },
    },
  },
  {
    id: 'bulenox-50k',
    firm: 'bulenox',
    label: 'Bulenox 50K',
    sources: ['https://www.syncmytrade.com/help/brokers'],
    checkedOn: CHECKED_ON,
    unverified: ['drawdown.amount', 'drawdown.mode'],
    rules: {
      ...structuredClone(OFF),
      firm: 'bulenox',
      preset: 'bulenox-50k',
      drawdown: {
        enabled: true,
        mode: 'intraday',
        amount: 2500,
        startingBalance: 50_000,
        lockAt: null,
        buffer: 250,
      },
      flatBy: {
        enabled: true,
        deadline: { zone: CHICAGO, time: '15:59' },
        minutesBefore: 2,
        reopen: { zone: CHICAGO, time: '17:00' },
      },
    },
  },
];

export function presetById(id: string): RulePreset | undefined {
  return PRESETS.find((preset) => preset.id === id);
}
