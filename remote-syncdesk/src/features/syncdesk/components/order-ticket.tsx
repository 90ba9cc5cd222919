import type React from 'react';
import { Field as FormikField, Form, Formik } from 'formik';
import styled from 'styled-components';
import { useShallow } from 'zustand/react/shallow';
import type { SyncAccount } from '@synctrade/api';
import { Button, Card, Field, Select } from '@synctrade/ui';
import { simAccounts } from '../store/sim-accounts';
import { useSyncdeskStore } from '../store/syncdesk-store';
import { TicketBracketFields } from './ticket-bracket-fields';
import {
  TICKET_CONTRACTS,
  TICKET_ORDER_TYPES,
  TICKET_ORDER_TYPE_LABELS,
  needsLimitPrice,
  needsStopPrice,
  needsTrail,
  ticketSchema,
  toTicketPayload,
  type TicketValues,
} from './ticket-schema';
import { TicketTextField } from './ticket-text-field';
import { TicketWorkingOrders } from './ticket-working-orders';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  align-items: end;
  margin-top: ${({ theme }) => theme.space(3)};
`;

// The account's name and its "(leader)" mark need more room than one narrow column: it takes the ticket's first row.
const AccountField = styled(Field)`
  grid-column: 1 / -1;
`;

// Buy in green, Sell in red (the word says it too); text colour picked per theme for AA contrast.
const SideButton = styled(Button)<{ $side: 'buy' | 'sell' }>`
  background: ${({ $side, theme }) => ($side === 'buy' ? theme.color.success : theme.color.danger)};
  color: ${({ theme }) => (theme.mode === 'dark' ? theme.color.bg : '#ffffff')};
`;

const Title = styled.h2`
  margin: 0;
  font-size: 18px;
`;

const optionLabel = (account: SyncAccount): string =>
  `${account.accounts || account.account_name}${account.is_master ? ' (leader)' : ''}`;

/** A small ticket for the built-in paper broker, so a trader can trade the leader and watch the copies. */
export function OrderTicket(): React.JSX.Element | null {
  const accounts = useSyncdeskStore(useShallow(simAccounts));
  const placeTicket = useSyncdeskStore((state) => state.placeTicket);
  if (accounts.length === 0) return null;
  const initial: TicketValues = {
    account_id: String(accounts[0]?.id ?? ''),
    contract: 'ES',
    side: 'buy',
    qty: '1',
    order_type: 'Market',
    price: '',
    stop_price: '',
    trail_ticks: '',
    bracket: false,
    bracket_unit: 'ticks',
    stop_loss: '',
    take_profit: '',
  };
  return (
    <Card as="section" aria-labelledby="syncdesk-ticket-title">
      <Title id="syncdesk-ticket-title">Paper order ticket</Title>
      <Formik<TicketValues>
        initialValues={initial}
        validationSchema={ticketSchema}
        onSubmit={async (values) => {
          await placeTicket(toTicketPayload(values));
        }}
      >
        {({ values, isSubmitting }) => (
          <>
            <Form noValidate aria-label="Paper order ticket">
              <Grid>
                <AccountField>
                  <label htmlFor="ticket-account_id">Account</label>
                  <FormikField as={Select} id="ticket-account_id" name="account_id">
                    {accounts.map((account) => (
                      <option key={account.id} value={String(account.id)}>
                        {optionLabel(account)}
                      </option>
                    ))}
                  </FormikField>
                </AccountField>
                <Field>
                  <label htmlFor="ticket-contract">Contract</label>
                  <FormikField as={Select} id="ticket-contract" name="contract">
                    {TICKET_CONTRACTS.map((contract) => (
                      <option key={contract}>{contract}</option>
                    ))}
                  </FormikField>
                </Field>
                <Field>
                  <label htmlFor="ticket-side">Side</label>
                  <FormikField as={Select} id="ticket-side" name="side">
                    <option value="buy">Buy</option>
                    <option value="sell">Sell</option>
                  </FormikField>
                </Field>
                <TicketTextField name="qty" label="Qty" type="number" min={1} step={1} />
                <Field>
                  <label htmlFor="ticket-order_type">Type</label>
                  <FormikField as={Select} id="ticket-order_type" name="order_type">
                    {TICKET_ORDER_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {TICKET_ORDER_TYPE_LABELS[type]}
                      </option>
                    ))}
                  </FormikField>
                </Field>
                {needsStopPrice(values.order_type) && (
                  <TicketTextField name="stop_price" label="Stop price" type="number" min={0} step="any" />
                )}
                {needsLimitPrice(values.order_type) && (
                  <TicketTextField name="price" label="Limit price" type="number" min={0} step="any" />
                )}
                {needsTrail(values.order_type) && (
                  <TicketTextField name="trail_ticks" label="Trail (ticks)" type="number" min={1} step={1} />
                )}
                <TicketBracketFields />
                <SideButton type="submit" $side={values.side} disabled={isSubmitting}>
                  {values.side === 'buy' ? 'Buy' : 'Sell'} {values.qty || 0} {values.contract}
                </SideButton>
              </Grid>
            </Form>
            {/* Outside the ticket's form: its Move dialog is a form of its own. */}
            <TicketWorkingOrders accountId={Number(values.account_id)} />
          </>
        )}
      </Formik>
    </Card>
  );
}
