import { apiConfig } from '@synctrade/api';

/**
 * The server answers photo addresses relative to its own origin (`/api/v1/photos/...`). When the API lives on
 * another origin than the page, resolve them against the API base so the image still loads.
 */
export function photoSrc(photoUrl: string): string {
  const base = apiConfig().apiBaseUrl;
  if (!/^https?:\/\//i.test(base) || /^[a-z]+:/i.test(photoUrl)) return photoUrl;
  return new URL(photoUrl, base).href;
}
