import type React from 'react';
import { useState } from 'react';
import styled from 'styled-components';
import type { Profile } from '@synctrade/api';
import { FieldError, Muted } from '@synctrade/ui';
import { useProfileStore } from '../store/profile-store';
import { photoSrc } from './photo-src';

const Box = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(4)};
`;

const Avatar = styled.div`
  width: 88px;
  height: 88px;
  border-radius: 50%;
  overflow: hidden;
  flex: none;
  display: flex;
  align-items: center;
  justify-content: center;
  font-size: 32px;
  font-weight: 700;
  background: ${({ theme }) => theme.color.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.color.border};
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const Picker = styled.label`
  display: inline-flex;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  border-radius: ${({ theme }) => theme.radius.sm};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  font-weight: 600;
  cursor: pointer;
  &:focus-within {
    outline: 2px solid ${({ theme }) => theme.color.focus};
  }
  input {
    position: absolute;
    opacity: 0;
    width: 1px;
    height: 1px;
  }
`;

/** The photo and its picker: JPG, JPEG or PNG up to 20 MB, checked here before the upload starts. */
export function PhotoPicker({ profile }: { profile: Profile }): React.JSX.Element {
  const uploadPhoto = useProfileStore((state) => state.uploadPhoto);
  const uploading = useProfileStore((state) => state.uploading);
  const [problem, setProblem] = useState<string | null>(null);
  const initial = (profile.username || profile.email).charAt(0).toUpperCase();

  const onPick = async (event: React.ChangeEvent<HTMLInputElement>): Promise<void> => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setProblem(await uploadPhoto(file));
    // Let the same file be picked again after a failure.
    input.value = '';
  };

  return (
    <Box>
      <Avatar>
        {profile.photo_url ? (
          <img src={photoSrc(profile.photo_url)} alt="Profile photo" />
        ) : (
          <span aria-hidden="true">{initial}</span>
        )}
      </Avatar>
      <div>
        <Picker>
          {uploading ? 'Uploading...' : 'Upload photo'}
          <input
            type="file"
            accept=".jpg,.jpeg,.png,image/jpeg,image/png"
            disabled={uploading}
            aria-describedby="profile-photo-hint"
            onChange={(event) => void onPick(event)}
          />
        </Picker>
        <p>
          <Muted id="profile-photo-hint">JPG, JPEG or PNG, max 20 MB</Muted>
        </p>
        {problem && <FieldError>{problem}</FieldError>}
      </div>
    </Box>
  );
}
