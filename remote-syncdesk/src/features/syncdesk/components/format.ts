import type { PositionSide } from '@synctrade/api';

const SIDE_LABEL: Record<PositionSide, string> = { long: 'Long', short: 'Short', flat: 'Flat' };

export function formatSide(side: PositionSide): string {
  return SIDE_LABEL[side] ?? side;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
