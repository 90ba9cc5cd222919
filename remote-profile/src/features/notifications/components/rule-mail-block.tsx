import type React from 'react';
import { useEffect } from 'react';
import styled from 'styled-components';
import { Button, Card, Switch } from '@synctrade/ui';
import { useRuleMailStore } from '../store/rule-mail-store';

const Block = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 560px;
  h2 {
    margin: 0;
    font-size: 18px;
  }
  p {
    margin: 0;
  }
`;

const Line = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

const LABEL = 'E-mail me when a firm rule acts';

/** The user's choice of an e-mail when the prop-firm guard clips, refuses, flattens or stops a copy. */
export function RuleMailBlock(): React.JSX.Element {
  const ruleEmails = useRuleMailStore((state) => state.ruleEmails);
  const status = useRuleMailStore((state) => state.status);
  const saving = useRuleMailStore((state) => state.saving);
  const load = useRuleMailStore((state) => state.load);
  const save = useRuleMailStore((state) => state.save);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Card>
      <Block aria-labelledby="rule-mail-title">
        <h2 id="rule-mail-title">Notifications</h2>
        <Line>
          <Switch
            label={LABEL}
            checked={ruleEmails ?? false}
            disabled={ruleEmails === null || saving}
            onChange={(next) => void save(next)}
          />
          <span aria-hidden="true">{LABEL}</span>
        </Line>
        <p>
          At most one mail every 15 minutes. The desk&apos;s notifications and the orders list show every
          action either way.
        </p>
        {status === 'error' && (
          <div>
            <Button type="button" onClick={() => void load()}>
              Try again
            </Button>
          </div>
        )}
      </Block>
    </Card>
  );
}
