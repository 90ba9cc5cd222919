import type React from 'react';
import { useNavigate } from 'react-router-dom';
import { Page, PageHeader, Tabs, type TabItem } from '@synctrade/ui';
import { SecurityTab } from '../../security';
import { ProfileTab } from './profile-tab';

export type ProfileTabKey = 'profile' | 'security';

const TABS: TabItem<ProfileTabKey>[] = [
  { key: 'profile', label: 'Profile' },
  { key: 'security', label: 'Security' },
];

/** `/profile` and `/profile/security`: the tab lives in the address so it can be linked and reloaded. */
export function ProfilePage({ tab }: { tab: ProfileTabKey }): React.JSX.Element {
  const navigate = useNavigate();
  return (
    <Page>
      <PageHeader>
        <h1>Profile</h1>
      </PageHeader>
      <Tabs
        label="Account settings"
        items={TABS}
        active={tab}
        onChange={(key) => navigate(key === 'profile' ? '/profile' : '/profile/security')}
      />
      <div role="tabpanel" aria-label={tab === 'profile' ? 'Profile' : 'Security'}>
        {tab === 'profile' ? <ProfileTab /> : <SecurityTab />}
      </div>
    </Page>
  );
}
