/** The seven brokers and platforms the landing lists (spec section 1); marks are drawn, not copied. */
export interface BrokerEntry {
  name: string;
  /** Two letters for the drawn text mark. */
  mark: string;
  kind: string;
}

export const BROKERS: readonly BrokerEntry[] = [
  { name: 'Tradovate', mark: 'TV', kind: 'Futures broker' },
  { name: 'Rithmic', mark: 'RI', kind: 'Order routing · live after conformance' },
  { name: 'dxFeed', mark: 'DX', kind: 'Market data' },
  { name: 'ProjectX', mark: 'PX', kind: 'Prop platform' },
  { name: 'NinjaTrader', mark: 'NT', kind: 'Trading platform' },
  { name: 'TopstepX', mark: 'TX', kind: 'Prop platform' },
  { name: 'Apex Trader Funding', mark: 'AP', kind: 'Prop firm' },
];
