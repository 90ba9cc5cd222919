import styled from 'styled-components';
import { Row } from '@synctrade/ui';

/** A dialog's buttons, at its bottom right. */
export const DialogActions = styled(Row)`
  justify-content: flex-end;
  margin-top: ${({ theme }) => theme.space(4)};
`;

/** A dialog's group of choices (radios or checkboxes), its legend in bold and one line per choice. */
export const Choice = styled.fieldset`
  border: 0;
  margin: ${({ theme }) => theme.space(3)} 0 0;
  padding: 0;
  legend {
    font-weight: 600;
    margin-bottom: ${({ theme }) => theme.space(2)};
  }
  label {
    display: flex;
    gap: ${({ theme }) => theme.space(2)};
    align-items: baseline;
    margin-bottom: ${({ theme }) => theme.space(2)};
  }
`;
