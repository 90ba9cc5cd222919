import type { CopySettings } from '@synctrade/api';

/** The row's short summary of settings that differ from the defaults, or null. */
export function copySettingsSummary(settings: CopySettings | undefined): string | null {
  if (settings === undefined) return null;
  const parts: string[] = [];
  if (settings.fixed_qty !== null) parts.push(`fixed ${settings.fixed_qty}`);
  else if (settings.copy_mode === 'fills') parts.push('fills only');
  if (settings.contracts.length > 0) parts.push(settings.contracts.join(', '));
  return parts.length === 0 ? null : parts.join(' · ');
}
