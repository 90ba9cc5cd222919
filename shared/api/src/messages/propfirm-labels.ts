import type { FirmId } from '../types/propfirm';

/** How the product names each prop firm (the guard panel on the desk, a connection's "Firm rules"). */
export const PROP_FIRM_NAMES: Record<FirmId, string> = {
  topstep: 'Topstep',
  apex: 'Apex',
  takeprofittrader: 'Take Profit Trader',
  myfundedfutures: 'MyFundedFutures',
  tradeify: 'Tradeify',
  bulenox: 'Bulenox',
  custom: 'Custom',
};
