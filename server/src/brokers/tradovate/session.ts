import { BrokerError, type BrokerSession, type BrokerSessionOptions } from '../types';
import type { TradovateConfig, TradovateTimings } from './config';
import type { BudgetRegistry } from './request-budget';

export interface SessionDeps extends BrokerSessionOptions {
  config: TradovateConfig;
  timings: TradovateTimings;
  budgets: BudgetRegistry;
}

export async function openTradovateSession(deps: SessionDeps): Promise<BrokerSession> {
  throw new BrokerError(`Tradovate sessions are not available yet (connection ${deps.connectionId})`, 'unavailable');
}
