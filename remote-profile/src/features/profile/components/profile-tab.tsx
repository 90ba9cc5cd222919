import type React from 'react';
import { useEffect } from 'react';
import styled from 'styled-components';
import { Card, ErrorPanel, Spinner } from '@synctrade/ui';
import { AlertsSection } from '../../alerts';
import { RuleMailBlock } from '../../notifications';
import { useProfileStore } from '../store/profile-store';
import { PhotoPicker } from './photo-picker';
import { ProfileForm } from './profile-form';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(5)};
`;

/** The Profile tab: the photo and the editable fields, then the e-mail choice for firm rule actions. */
export function ProfileTab(): React.JSX.Element {
  const profile = useProfileStore((state) => state.profile);
  const status = useProfileStore((state) => state.status);
  const error = useProfileStore((state) => state.error);
  const load = useProfileStore((state) => state.load);

  useEffect(() => {
    void load();
  }, [load]);

  if (!profile && status === 'error') {
    return (
      <ErrorPanel
        title="Your profile could not be loaded"
        message={error ?? ''}
        onRetry={() => void load()}
      />
    );
  }
  if (!profile) return <Spinner label="Loading profile" />;
  return (
    <Stack>
      <Card>
        <PhotoPicker profile={profile} />
        <ProfileForm profile={profile} />
      </Card>
      <RuleMailBlock />
      <AlertsSection />
    </Stack>
  );
}
