import type React from 'react';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { getGroups, type CopyGroup, type Notification } from '@synctrade/api';
import { Select } from '@synctrade/ui';

const Label = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  font-weight: 600;
  font-size: 14px;
  select {
    width: auto;
    max-width: 100%;
  }
`;

/** The trader's copy groups, asked for once (a trader with one group gets no filter). */
export function useCopyGroups(): CopyGroup[] {
  const [groups, setGroups] = useState<CopyGroup[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    // Without the groups the page simply has no filter: a failure here is not worth a toast.
    getGroups({ signal: controller.signal }).then(setGroups, () => undefined);
    return () => controller.abort();
  }, []);
  return groups;
}

/** The notifications about one group's accounts (those about no account, such as a broker drop, stay in All). */
export function inGroup(items: readonly Notification[], group: CopyGroup | undefined): Notification[] {
  if (group === undefined) return [...items];
  const ids = new Set(group.account_ids);
  return items.filter((item) => item.account_id != null && ids.has(item.account_id));
}

/** "Copy group": All groups, or one group's notifications. Shown from two groups on. */
export function GroupFilter({
  groups,
  value,
  onChange,
}: {
  groups: readonly CopyGroup[];
  value: number | null;
  onChange(groupId: number | null): void;
}): React.JSX.Element | null {
  if (groups.length < 2) return null;
  return (
    <Label>
      Copy group
      <Select
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="">All groups</option>
        {groups.map((group) => (
          <option key={group.id} value={group.id}>
            {group.name}
          </option>
        ))}
      </Select>
    </Label>
  );
}
