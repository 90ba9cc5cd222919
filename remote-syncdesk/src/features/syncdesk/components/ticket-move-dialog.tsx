import type React from 'react';
import { Form, Formik } from 'formik';
import type { TicketChangePayload } from '@synctrade/api';
import { specOf } from '@synctrade/market';
import { Button, Modal } from '@synctrade/ui';
import { useSyncdeskStore } from '../store/syncdesk-store';
import { DialogActions } from './dialog-parts';
import {
  needsLimitPrice,
  needsStopPrice,
  needsTrail,
  ticketSchema,
  type TicketValues,
} from './ticket-schema';
import { TicketTextField } from './ticket-text-field';
import type { WorkingPaperOrder } from './ticket-working-orders';

type MoveValues = Pick<TicketValues, 'order_type' | 'price' | 'stop_price' | 'trail_ticks'>;

// The ticket's own rules for the prices an order type needs (`@synctrade/api/validation`).
const moveSchema = ticketSchema.pick(['order_type', 'price', 'stop_price', 'trail_ticks']);

const text = (value: number | null): string => (value === null ? '' : String(value));

/** New prices for one working paper order: what its type carries, filled with what it has now. */
export function TicketMoveDialog({
  order,
  accountId,
  onClose,
}: {
  order: WorkingPaperOrder;
  accountId: number;
  onClose(): void;
}): React.JSX.Element {
  const changeTicket = useSyncdeskStore((state) => state.changeTicket);
  const type = order.order_type === 'Market' ? 'Limit' : order.order_type;
  const tick = specOf(order.symbol)?.tickSize;
  const initial: MoveValues = {
    order_type: type,
    price: text(order.price),
    stop_price: text(order.stop_price),
    trail_ticks: order.trail === null || tick === undefined ? '' : String(Math.round(order.trail / tick)),
  };
  return (
    <Modal open title={`Move ${order.side} ${order.qty} ${order.symbol}`} onClose={onClose}>
      <Formik<MoveValues>
        initialValues={initial}
        validationSchema={moveSchema}
        onSubmit={async (values) => {
          const payload: TicketChangePayload = { account_id: accountId };
          if (needsTrail(type)) payload.trail_ticks = Number(values.trail_ticks);
          else {
            if (needsStopPrice(type)) payload.stop_price = Number(values.stop_price);
            if (needsLimitPrice(type)) payload.price = Number(values.price);
          }
          if (await changeTicket(order.order_id, payload)) onClose();
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate aria-label="New prices">
            {needsStopPrice(type) && (
              <TicketTextField
                idPrefix="move"
                name="stop_price"
                label="New stop price"
                type="number"
                min={0}
                step="any"
              />
            )}
            {needsLimitPrice(type) && (
              <TicketTextField
                idPrefix="move"
                name="price"
                label="New limit price"
                type="number"
                min={0}
                step="any"
              />
            )}
            {needsTrail(type) && (
              <TicketTextField
                idPrefix="move"
                name="trail_ticks"
                label="New trail (ticks)"
                type="number"
                min={1}
                step={1}
              />
            )}
            <DialogActions>
              <Button type="button" $variant="secondary" onClick={onClose}>
                Keep it
              </Button>
              <Button type="submit" disabled={isSubmitting}>
                Move order
              </Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Modal>
  );
}
