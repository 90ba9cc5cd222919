import type React from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { errorMessage, getPaperLedger, type PaperLedger } from '@synctrade/api';
import { formatContractPrice, specOf } from '@synctrade/market';
import { Button } from '@synctrade/ui';
import { useSyncdeskStore } from '../store/syncdesk-store';
import { TicketMoveDialog } from './ticket-move-dialog';

export type WorkingPaperOrder = PaperLedger['working_orders'][number];

const TYPE_LABEL: Record<WorkingPaperOrder['order_type'], string> = {
  Market: 'Market',
  Limit: 'Limit',
  Stop: 'Stop',
  StopLimit: 'Stop limit',
  TrailingStop: 'Trailing stop',
};

const Section = styled.section`
  margin-top: ${({ theme }) => theme.space(4)};
  h3 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: 15px;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

// One order per line that wraps on a phone: its words, then its two buttons.
const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => theme.space(2)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
  span {
    overflow-wrap: anywhere;
  }
  div {
    display: flex;
    gap: ${({ theme }) => theme.space(2)};
  }
`;

/** "Sell 1 ESH7 Stop 5,990.25 (one-cancels-other with the target)", as a trader reads an order. */
export function describeOrder(order: WorkingPaperOrder): string {
  const side = order.side === 'buy' ? 'Buy' : 'Sell';
  const tick = specOf(order.symbol)?.tickSize;
  const price = (value: number): string => formatContractPrice(order.symbol, value);
  const prices = [
    order.order_type === 'TrailingStop' && order.trail !== null
      ? `trailing ${tick === undefined ? order.trail : Math.round(order.trail / tick)} ticks${
          order.stop_price === null ? '' : `, stop ${price(order.stop_price)}`
        }`
      : order.stop_price === null
        ? null
        : `stop ${price(order.stop_price)}`,
    order.price === null ? null : `limit ${price(order.price)}`,
  ].filter((part) => part !== null);
  const linked = order.linked_order_id === null ? '' : ' · one-cancels-other';
  return `${side} ${order.qty} ${order.symbol} ${TYPE_LABEL[order.order_type]} ${prices.join(', ')}${linked}`;
}

/**
 * The ticket's account's working paper orders, each with Move (new prices: a stop to break-even, a target moved,
 * a trail widened) and Cancel, so a trader can try every change a leader makes and watch the followers copy it.
 * Read again when the account switches, after each order action (the orders list reloads) and when its position
 * changes (a fill).
 */
export function TicketWorkingOrders({ accountId }: { accountId: number }): React.JSX.Element {
  const [orders, setOrders] = useState<WorkingPaperOrder[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [moving, setMoving] = useState<WorkingPaperOrder | null>(null);
  const ordersUpdatedAt = useSyncdeskStore((state) => state.ordersUpdatedAt);
  const qty = useSyncdeskStore((state) => state.byId[accountId]?.qty);
  const cancelTicket = useSyncdeskStore((state) => state.cancelTicket);
  const latest = useRef(0);

  const load = useCallback(async () => {
    const request = ++latest.current;
    try {
      const ledger = await getPaperLedger(accountId);
      // An answer for an account no longer shown (or an older read) is dropped.
      if (request !== latest.current) return;
      setOrders(ledger.working_orders);
      setError(null);
    } catch (failure: unknown) {
      if (request === latest.current) setError(errorMessage(failure, 'ticket'));
    }
  }, [accountId]);

  useEffect(() => {
    void load();
  }, [load, ordersUpdatedAt, qty]);

  return (
    <Section aria-labelledby="ticket-working-title">
      <h3 id="ticket-working-title">Working orders</h3>
      {error !== null && <p role="alert">{error}</p>}
      {orders !== null && orders.length === 0 && <p>No working orders on this account.</p>}
      {orders !== null && orders.length > 0 && (
        <List aria-labelledby="ticket-working-title">
          {orders.map((order) => (
            <li key={order.order_id}>
              <span>{describeOrder(order)}</span>
              <div>
                <Button
                  type="button"
                  $variant="secondary"
                  aria-label={`Move ${describeOrder(order)}`}
                  onClick={() => setMoving(order)}
                >
                  Move
                </Button>
                <Button
                  type="button"
                  $variant="secondary"
                  aria-label={`Cancel ${describeOrder(order)}`}
                  onClick={async () => {
                    if (await cancelTicket(order.order_id, { account_id: accountId })) void load();
                  }}
                >
                  Cancel
                </Button>
              </div>
            </li>
          ))}
        </List>
      )}
      {moving !== null && (
        <TicketMoveDialog
          order={moving}
          accountId={accountId}
          onClose={() => {
            setMoving(null);
            void load();
          }}
        />
      )}
    </Section>
  );
}
