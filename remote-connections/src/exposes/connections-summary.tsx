import type React from 'react';
import { ConnectionsSummaryCard } from '../features/summary/components/connections-summary-card';

/** Home's Connections summary card (federation contract: the default export). */
export default function ConnectionsSummary(): React.JSX.Element {
  return <ConnectionsSummaryCard />;
}
