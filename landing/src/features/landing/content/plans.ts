/** Plans by number of accounts, from $99/month (the FAQ's claim, spec section 1). */
export interface Plan {
  name: string;
  price: number;
  accounts: string;
  perks: readonly string[];
  featured?: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    name: 'Starter',
    price: 99,
    accounts: 'Up to 5 accounts',
    perks: ['One leader, up to 4 followers', 'Ratios and flatten all', 'Live orders view'],
  },
  {
    name: 'Pro',
    price: 149,
    accounts: 'Up to 20 accounts',
    perks: ['Everything in Starter', 'Mini to micro copying', 'Trade history and journal'],
    featured: true,
  },
  {
    name: 'Elite',
    price: 249,
    accounts: 'Up to 50 accounts',
    perks: ['Everything in Pro', 'Risk settings per follower', 'Priority support'],
  },
];
