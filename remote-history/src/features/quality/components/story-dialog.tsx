import type React from 'react';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { errorMessage, getCopyStory, type CopyStory, type CopyStoryStep } from '@synctrade/api';
import { Button, FieldError, formatDateTime, Modal, Muted, Row, Spinner } from '@synctrade/ui';

const STEP: Record<CopyStoryStep['step'], string> = {
  leader_event: 'Leader event',
  planned: 'Copy planned',
  sent: 'Sent to the broker',
  broker_answer: 'Broker’s answer',
  fill: 'Fill',
};

const Steps = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding-left: ${({ theme }) => theme.space(5)};
`;

/** A copy's story: the chain from the leader's event to the follower's fill, with times and reasons. */
export function StoryDialog({ orderRef, onClose }: { orderRef: string; onClose(): void }): React.JSX.Element {
  const [story, setStory] = useState<CopyStory | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    getCopyStory(orderRef).then(
      (answer) => alive && setStory(answer),
      (failure: unknown) => alive && setError(errorMessage(failure, 'quality')),
    );
    return () => {
      alive = false;
    };
  }, [orderRef]);

  return (
    <Modal open title={story ? `Copy story: ${story.account}` : 'Copy story'} onClose={onClose}>
      {error && <FieldError>{error}</FieldError>}
      {!error && !story && <Spinner label="Loading the copy's story" />}
      {story && (
        <Steps aria-label="From the leader's event to the fill">
          {story.steps.map((step, index) => (
            <li key={`${step.step}-${index}`}>
              <strong>{STEP[step.step]}</strong>
              {step.time && <Muted> · {formatDateTime(step.time)}</Muted>}
              <div>{step.detail}</div>
            </li>
          ))}
        </Steps>
      )}
      <Row style={{ justifyContent: 'flex-end', marginTop: 16 }}>
        <Button type="button" $variant="secondary" onClick={onClose}>
          Close
        </Button>
      </Row>
    </Modal>
  );
}
