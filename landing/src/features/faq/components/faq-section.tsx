import type React from 'react';
import { useState } from 'react';
import styled from 'styled-components';
import { FAQ_ITEMS, INITIAL_OPEN_FAQ } from '../content/faq-items';

/** No item open: the value after the open item is clicked again (spec section 2). */
const NONE = -1;

const Section = styled.section`
  scroll-margin-top: 72px;
  padding: ${({ theme }) => `${theme.space(20)} ${theme.space(5)}`};
  background: ${({ theme }) => theme.color.surface};
  @media (max-width: ${({ theme }) => theme.breakpoint.sm}) {
    padding: ${({ theme }) => `${theme.space(12)} ${theme.space(4)}`};
  }
  h2 {
    margin: 0 0 ${({ theme }) => theme.space(8)};
    text-align: center;
    font-size: clamp(26px, 4vw, 38px);
  }
`;

const List = styled.div`
  max-width: 820px;
  margin: 0 auto;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

const Item = styled.div`
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.bg};
  h3 {
    margin: 0;
    font-size: 17px;
  }
  button {
    width: 100%;
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space(4)};
    padding: ${({ theme }) => theme.space(5)};
    border: 0;
    background: transparent;
    color: ${({ theme }) => theme.color.text};
    font-weight: 600;
    text-align: left;
    cursor: pointer;
  }
  [role='region'] {
    padding: 0 ${({ theme }) => `${theme.space(5)} ${theme.space(5)}`};
    color: ${({ theme }) => theme.color.textMuted};
  }
  p {
    margin: 0;
  }
`;

/** The FAQ (id faq): an accordion with at most one item open; clicking the open item closes it. */
export function FaqSection(): React.JSX.Element {
  const [open, setOpen] = useState(INITIAL_OPEN_FAQ);
  return (
    <Section id="faq" aria-labelledby="faq-title">
      <h2 id="faq-title">Frequently asked questions</h2>
      <List>
        {FAQ_ITEMS.map((item, index) => {
          const expanded = open === index;
          return (
            <Item key={item.question}>
              <h3>
                <button
                  type="button"
                  id={`faq-q-${index}`}
                  aria-expanded={expanded}
                  aria-controls={`faq-a-${index}`}
                  onClick={() => setOpen(expanded ? NONE : index)}
                >
                  {item.question}
                  <span aria-hidden="true">{expanded ? '−' : '+'}</span>
                </button>
              </h3>
              <div role="region" id={`faq-a-${index}`} aria-labelledby={`faq-q-${index}`} hidden={!expanded}>
                <p>{item.answer}</p>
              </div>
            </Item>
          );
        })}
      </List>
    </Section>
  );
}
