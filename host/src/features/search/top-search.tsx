import type React from 'react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { Input } from '@synctrade/ui';
import { filterResults, loadSearchIndex, searchPages, type SearchResult } from './search-index';

const Box = styled.div`
  position: relative;
  width: min(360px, 100%);
`;

const List = styled.ul`
  position: absolute;
  top: calc(100% + 4px);
  left: 0;
  right: 0;
  margin: 0;
  padding: 4px;
  list-style: none;
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  box-shadow: ${({ theme }) => theme.shadow};
  z-index: 950;
`;

const Option = styled.li<{ $active: boolean }>`
  display: flex;
  justify-content: space-between;
  gap: 8px;
  padding: 8px 10px;
  border-radius: 4px;
  cursor: pointer;
  background: ${({ $active, theme }) => ($active ? theme.color.surfaceRaised : 'transparent')};
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

/** The top-bar search: finds pages, connections and accounts by name and jumps to them. */
export function TopSearch(): React.JSX.Element {
  const navigate = useNavigate();
  const listId = useId();
  const [query, setQuery] = useState('');
  const [index, setIndex] = useState<SearchResult[]>(searchPages);
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const results = filterResults(index, query);

  const go = (result: SearchResult | undefined): void => {
    if (!result) return;
    navigate(result.to);
    setQuery('');
    setOpen(false);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'ArrowDown') setActive((i) => Math.min(i + 1, results.length - 1));
    else if (event.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
    else if (event.key === 'Enter') go(results[active]);
    else if (event.key === 'Escape') setOpen(false);
    else return;
    event.preventDefault();
  };

  return (
    <Box>
      <Input
        type="search"
        role="combobox"
        aria-label="Search"
        aria-expanded={open && results.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        placeholder="Search here..."
        value={query}
        onFocus={() => {
          setOpen(true);
          void loadSearchIndex().then(setIndex);
        }}
        onBlur={() => window.setTimeout(() => setOpen(false), 150)}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      {open && results.length > 0 && (
        <List id={listId} role="listbox" aria-label="Search results">
          {results.map((result, i) => (
            <Option
              key={result.id}
              role="option"
              aria-selected={i === active}
              $active={i === active}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => go(result)}
            >
              <span>{result.label}</span>
              <small>{result.kind}</small>
            </Option>
          ))}
        </List>
      )}
    </Box>
  );
}
