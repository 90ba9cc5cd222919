/**
 * The seven brokers and platforms the landing lists (spec section 1); marks are drawn, not copied. `status`
 * says what is true of each on any server: what connects today, and what depends on the server's operator.
 */
export interface BrokerEntry {
  name: string;
  /** Two letters for the drawn text mark. */
  mark: string;
  kind: string;
  status: string;
}

export const BROKERS: readonly BrokerEntry[] = [
  { name: 'Tradovate', mark: 'TV', kind: 'Futures broker', status: 'When the server has it set up' },
  { name: 'ProjectX', mark: 'PX', kind: 'Prop platform', status: 'Connects today' },
  { name: 'Rithmic', mark: 'RI', kind: 'Order routing', status: 'When the server has its gateways' },
  { name: 'TopstepX', mark: 'TX', kind: 'Prop platform on ProjectX', status: 'Connects today' },
  {
    name: 'Apex Trader Funding',
    mark: 'AP',
    kind: 'Prop firm',
    status: 'Through its Rithmic or Tradovate login',
  },
  {
    name: 'NinjaTrader',
    mark: 'NT',
    kind: 'Trading platform',
    status: 'Through the broker account it trades',
  },
  { name: 'dxFeed', mark: 'DX', kind: 'Market data', status: 'Not connected yet' },
];
