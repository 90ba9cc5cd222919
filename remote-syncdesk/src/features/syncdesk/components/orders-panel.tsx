import type React from 'react';
import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { Link } from 'react-router-dom';
import { EMPTY, type Order, type OrderData } from '@synctrade/api';
import {
  Button,
  Card,
  downloadText,
  EmptyState,
  ErrorPanel,
  formatClock,
  Muted,
  SectionHeader,
  Spinner,
  Tabs,
  type TabItem,
} from '@synctrade/ui';
import { useOrdersPoll } from '../hooks/use-orders-poll';
import { shownAccounts } from '../groups/shown-accounts';
import { useSyncdeskStore, type SyncdeskState } from '../store/syncdesk-store';
import type { OrdersTab } from '../types';
import { ordersToCsv } from './orders-csv';
import { OrdersTable } from './orders-table';

const Panel = styled.div`
  margin-top: ${({ theme }) => theme.space(3)};
`;

function tabItems(data: OrderData | null): TabItem<OrdersTab>[] {
  return [
    { key: 'all', label: `All Orders (${data?.total_orders ?? 0})` },
    { key: 'buy', label: `Buy Orders (${data?.summary.buy_orders ?? 0})` },
    { key: 'sell', label: `Sell Orders (${data?.summary.sell_orders ?? 0})` },
  ];
}

/**
 * The orders of the group the desk shows (an order names its account and connection), with its own counts; every
 * order as the server sent it under All accounts.
 */
function groupOrders(data: OrderData | null, accountKeys: string | null): OrderData | null {
  if (data === null || accountKeys === null) return data;
  const keys = new Set(accountKeys.split('\n'));
  const orders = data.orders.filter((order) => keys.has(`${order.connection}|${order.account}`));
  const buys = orders.filter((order) => order.side === 'buy').length;
  return {
    total_orders: orders.length,
    summary: { buy_orders: buys, sell_orders: orders.length - buys },
    orders,
  };
}

// One string, so live updates of the rows do not re-render the panel.
const shownAccountKeys = (state: SyncdeskState): string | null =>
  state.shownGroup === null
    ? null
    : shownAccounts(state)
        .map((account) => `${account.connection_name}|${account.account_name}`)
        .join('\n');

function visibleOrders(data: OrderData | null, tab: OrdersTab): Order[] {
  const orders = data?.orders ?? [];
  return tab === 'all' ? orders : orders.filter((order) => order.side === tab);
}

/** The orders panel: tabs with counts, last update, CSV export of what is shown; refreshed every 15 s. */
export function OrdersPanel(): React.JSX.Element {
  useOrdersPoll();
  const accountKeys = useSyncdeskStore(shownAccountKeys);
  const all = useSyncdeskStore((state) => state.orders);
  const data = useMemo(() => groupOrders(all, accountKeys), [all, accountKeys]);
  const status = useSyncdeskStore((state) => state.ordersStatus);
  const error = useSyncdeskStore((state) => state.ordersError);
  const updatedAt = useSyncdeskStore((state) => state.ordersUpdatedAt);
  const loadOrders = useSyncdeskStore((state) => state.loadOrders);
  const [tab, setTab] = useState<OrdersTab>('all');
  const orders = useMemo(() => visibleOrders(data, tab), [data, tab]);

  const onExport = (): void => {
    const day = new Date().toISOString().slice(0, 10);
    downloadText(`orders-${tab}-${day}.csv`, ordersToCsv(orders));
  };

  let body: React.JSX.Element;
  if (!data && status === 'error')
    body = (
      <ErrorPanel title="Orders could not load" message={error ?? ''} onRetry={() => void loadOrders()} />
    );
  else if (!data) body = <Spinner label="Loading orders" />;
  else if (orders.length === 0) body = <EmptyState title={EMPTY.orders} />;
  else body = <OrdersTable orders={orders} />;

  return (
    <Card as="section" aria-labelledby="syncdesk-orders-title">
      <SectionHeader>
        <h2 id="syncdesk-orders-title">Orders</h2>
        <Muted>Last updated: {updatedAt === null ? '—' : formatClock(updatedAt)}</Muted>
        <Link to="/trade-history/quality">Copy quality</Link>
        <Button type="button" $variant="secondary" disabled={orders.length === 0} onClick={onExport}>
          Export
        </Button>
      </SectionHeader>
      <Tabs<OrdersTab> items={tabItems(data)} active={tab} onChange={setTab} label="Order filter" />
      <Panel role="tabpanel" aria-label={tabItems(data).find((item) => item.key === tab)?.label}>
        {body}
      </Panel>
    </Card>
  );
}
