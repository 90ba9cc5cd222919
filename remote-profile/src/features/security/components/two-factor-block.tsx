import type React from 'react';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button, Card, ErrorPanel, Muted, Row, Spinner } from '@synctrade/ui';
import { useTwoFactorStore } from '../store/two-factor-store';
import { CodeForm } from './code-form';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorSetupView } from './two-factor-setup';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  h2 {
    margin: 0;
    font-size: 18px;
  }
  p {
    margin: 0;
  }
`;

/** 'Authenticator App 2FA': off, set up (QR + secret + first code), recovery codes once, on, disable with a code. */
export function TwoFactorBlock(): React.JSX.Element {
  const step = useTwoFactorStore((state) => state.step);
  const error = useTwoFactorStore((state) => state.error);
  const busy = useTwoFactorStore((state) => state.busy);
  const { fetchStatus, startSetup, disable } = useTwoFactorStore.getState();
  const [disabling, setDisabling] = useState(false);

  useEffect(() => {
    void fetchStatus();
  }, [fetchStatus]);

  return (
    <Card>
      <Section aria-labelledby="two-factor-title">
        <h2 id="two-factor-title">Authenticator App 2FA</h2>
        <Muted>
          Protect your account with a 6-digit code from an authenticator app (Google Authenticator, 1Password,
          Authy or any TOTP app) each time you sign in.
        </Muted>
        {step === 'loading' && <Spinner label="Loading two-factor status" size={24} />}
        {step === 'error' && (
          <ErrorPanel
            title="Two-factor status could not be loaded"
            message={error ?? ''}
            onRetry={() => void fetchStatus()}
          />
        )}
        {step === 'off' && (
          <>
            <p>2FA is not enabled</p>
            <Row>
              <Button type="button" disabled={busy} onClick={() => void startSetup()}>
                Enable 2FA
              </Button>
            </Row>
          </>
        )}
        {step === 'setup' && <TwoFactorSetupView />}
        {step === 'codes' && <RecoveryCodes />}
        {step === 'on' && (
          <>
            <p>
              <strong>2FA is enabled.</strong> Signing in asks for a code from your authenticator app (or a
              recovery code).
            </p>
            {disabling ? (
              <CodeForm
                label="Authenticator or recovery code"
                submitLabel="Confirm disable"
                hint="Enter a code from your authenticator app, or one of your recovery codes, to turn 2FA off."
                busy={busy}
                allowRecovery
                onSubmit={async (code) => {
                  if (await disable(code)) setDisabling(false);
                }}
                onCancel={() => setDisabling(false)}
              />
            ) : (
              <Row>
                <Button type="button" $variant="danger" onClick={() => setDisabling(true)}>
                  Disable 2FA
                </Button>
              </Row>
            )}
          </>
        )}
      </Section>
    </Card>
  );
}
