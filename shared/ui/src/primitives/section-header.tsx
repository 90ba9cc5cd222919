import type {} from '../theme/styled-theme';
import styled from 'styled-components';
import { headerBar } from './layout';

/**
 * The bar above a section: its `h2` title on the left, counts and actions after it, wrapping on narrow
 * screens. A container rather than a component with a `title` prop, because sections put counts, badges and
 * switches inside or beside the title.
 */
export const SectionHeader = styled.div`
  ${headerBar}
  margin-bottom: ${({ theme }) => theme.space(3)};
  h2 {
    margin: 0;
    font-size: 18px;
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
  }
`;
