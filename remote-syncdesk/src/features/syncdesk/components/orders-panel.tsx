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
import { useSyncdeskStore } from '../store/syncdesk-store';
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

function visibleOrders(data: OrderData | null, tab: OrdersTab): Order[] {
  const orders = data?.orders ?? [];
  return tab === 'all' ? orders : orders.filter((order) => order.side === tab);
}

/** The orders panel: tabs with counts, last update, CSV export of what is shown; refreshed every 15 s. */
export function OrdersPanel(): React.JSX.Element {
  useOrdersPoll();
  const data = useSyncdeskStore((state) => state.orders);
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
