import type React from 'react';
import styled from 'styled-components';
import { SUCCESS } from '@synctrade/api';
import { Button, Row, notify } from '@synctrade/ui';
import { useTwoFactorStore } from '../store/two-factor-store';

const Codes = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
  gap: ${({ theme }) => theme.space(2)};
  list-style: none;
  padding: 0;
  margin: 0;
  font-family: ${({ theme }) => theme.font.mono};
`;

const Download = styled.a`
  font-weight: 600;
`;

/** The recovery codes, shown once: each signs in (or disables 2FA) a single time when the phone is lost. */
export function RecoveryCodes(): React.JSX.Element {
  const codes = useTwoFactorStore((state) => state.recoveryCodes);
  const finishCodes = useTwoFactorStore((state) => state.finishCodes);
  const text = codes.join('\n');

  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success(SUCCESS.copied);
    } catch {
      notify.error('Copy failed: select the codes and copy them by hand');
    }
  };

  return (
    <>
      <p role="status">
        <strong>Save your recovery codes now.</strong> Each code works once if you lose your authenticator
        app. They will not be shown again.
      </p>
      <Codes aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Codes>
      <Row>
        <Button type="button" $variant="secondary" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Download
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(`${text}\n`)}`}
          download="synctrade-recovery-codes.txt"
        >
          Download codes
        </Download>
        <Button type="button" onClick={finishCodes}>
          I have saved them
        </Button>
      </Row>
    </>
  );
}
