import type React from 'react';
import { Field as FormikField, useFormikContext } from 'formik';
import styled from 'styled-components';
import { Field, Select } from '@synctrade/ui';
import type { TicketValues } from './ticket-schema';
import { TicketTextField } from './ticket-text-field';

const Fieldset = styled.fieldset`
  grid-column: 1 / -1;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  align-items: end;
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
`;

const Toggle = styled.label`
  grid-column: 1 / -1;
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
  font-weight: 600;
  font-size: 14px;
`;

/**
 * The optional bracket: a stop-loss and a take-profit placed when the entry fills, linked one-cancels-other at
 * the paper broker (the filled one cancels the other). Each as a distance in ticks from the entry, or a price.
 */
export function TicketBracketFields(): React.JSX.Element {
  const { values } = useFormikContext<TicketValues>();
  const inTicks = values.bracket_unit === 'ticks';
  return (
    <Fieldset>
      <legend className="sr-only">Bracket</legend>
      <Toggle>
        <FormikField type="checkbox" name="bracket" />
        Add a bracket (stop-loss and take-profit, one cancels the other)
      </Toggle>
      {values.bracket && (
        <>
          <Field>
            <label htmlFor="ticket-bracket_unit">Bracket in</label>
            <FormikField as={Select} id="ticket-bracket_unit" name="bracket_unit">
              <option value="ticks">Ticks</option>
              <option value="price">Price</option>
            </FormikField>
          </Field>
          <TicketTextField
            name="stop_loss"
            label={inTicks ? 'Stop-loss (ticks)' : 'Stop-loss price'}
            type="number"
            min={inTicks ? 1 : 0}
            step={inTicks ? 1 : 'any'}
          />
          <TicketTextField
            name="take_profit"
            label={inTicks ? 'Take-profit (ticks)' : 'Take-profit price'}
            type="number"
            min={inTicks ? 1 : 0}
            step={inTicks ? 1 : 'any'}
          />
        </>
      )}
    </Fieldset>
  );
}
