import type React from 'react';
import { useId } from 'react';
import styled, { useTheme } from 'styled-components';
import { formatMoney, formatShortDate } from '@synctrade/ui';
import type { CumulativePoint } from '../../stats';

const WIDTH = 320;
const HEIGHT = 120;
const PAD = 6;

const Svg = styled.svg`
  display: block;
  width: 100%;
  height: auto;
`;

/** Plots the running total as a line over a shaded area, with the zero line; a small SVG, no chart library. */
export function CumulativeChart({ points }: { points: readonly CumulativePoint[] }): React.JSX.Element {
  const theme = useTheme();
  const titleId = useId();
  const values = [0, ...points.map((p) => p.cumulative)];
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const x = (i: number): number =>
    PAD + (points.length > 1 ? (i / (points.length - 1)) * (WIDTH - 2 * PAD) : (WIDTH - 2 * PAD) / 2);
  const y = (v: number): number => PAD + ((max - v) / span) * (HEIGHT - 2 * PAD);
  const line = points
    .map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.cumulative).toFixed(1)}`)
    .join(' ');
  const zero = y(0);
  const area = `${line} L${x(points.length - 1).toFixed(1)},${zero.toFixed(1)} L${x(0).toFixed(1)},${zero.toFixed(1)} Z`;
  const last = points[points.length - 1];
  const color = last && last.cumulative < 0 ? theme.color.danger : theme.color.success;
  const first = points[0];
  const summary =
    first && last
      ? `Cumulative P&L from ${formatShortDate(first.day)} to ${formatShortDate(last.day)}, ending at ${formatMoney(last.cumulative)}`
      : '';
  return (
    <Svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId} preserveAspectRatio="none">
      <title id={titleId}>{summary}</title>
      <line x1={PAD} x2={WIDTH - PAD} y1={zero} y2={zero} stroke={theme.color.border} strokeDasharray="4 4" />
      <path d={area} fill={color} fillOpacity={0.15} stroke="none" />
      <path d={line} fill="none" stroke={color} strokeWidth={2} vectorEffect="non-scaling-stroke" />
      {points.length === 1 && <circle cx={x(0)} cy={y(points[0]!.cumulative)} r={3} fill={color} />}
    </Svg>
  );
}
