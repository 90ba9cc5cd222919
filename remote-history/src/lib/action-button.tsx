import styled from 'styled-components';
import { Button } from '@synctrade/ui';

/**
 * The main action of a view. White text on the shared dark-theme primary colour measures 3.2:1 (axe: serious),
 * so in the dark theme the text is the page's dark background colour instead (about 5.8:1).
 */
export const ActionButton = styled(Button)`
  color: ${({ theme }) => (theme.mode === 'dark' ? theme.color.bg : theme.color.primaryText)};
`;
