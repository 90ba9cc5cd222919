import type React from 'react';
import styled, { useTheme } from 'styled-components';

const Figure = styled.figure`
  margin: 0;
  svg {
    display: block;
    width: 100%;
    max-width: 520px;
    height: auto;
    margin: 0 auto;
  }
`;

const FOLLOWERS = [
  { y: 40, label: 'Follower 1 · 1x' },
  { y: 140, label: 'Follower 2 · 2x' },
  { y: 240, label: 'Follower 3 · 1x' },
];

/** A drawn diagram (no image request, intrinsic size set, so no layout shift): one leader, three followers. */
export function HeroArt(): React.JSX.Element {
  const { color } = useTheme();
  return (
    <Figure>
      <svg
        width="520"
        height="320"
        viewBox="0 0 520 320"
        role="img"
        aria-label="One leader account copying an ES buy order to three follower accounts in 42 ms"
      >
        <rect
          x="10"
          y="115"
          width="170"
          height="90"
          rx="14"
          fill={color.surfaceRaised}
          stroke={color.primary}
          strokeWidth="2"
        />
        <text x="95" y="152" textAnchor="middle" fill={color.text} fontSize="17" fontWeight="700">
          Leader
        </text>
        <text x="95" y="178" textAnchor="middle" fill={color.textMuted} fontSize="14">
          BUY 2 ES
        </text>
        {FOLLOWERS.map((follower) => (
          <g key={follower.y}>
            <path
              d={`M180 160 C 250 160, 250 ${follower.y + 30}, 320 ${follower.y + 30}`}
              fill="none"
              stroke={color.primary}
              strokeWidth="2"
              strokeDasharray="6 5"
            />
            <rect
              x="320"
              y={follower.y}
              width="190"
              height="60"
              rx="12"
              fill={color.surface}
              stroke={color.border}
              strokeWidth="2"
            />
            <text
              x="415"
              y={follower.y + 36}
              textAnchor="middle"
              fill={color.text}
              fontSize="14"
              fontWeight="600"
            >
              {follower.label}
            </text>
          </g>
        ))}
        <rect x="205" y="8" width="96" height="28" rx="14" fill={color.success} />
        <text x="253" y="27" textAnchor="middle" fill={color.bg} fontSize="14" fontWeight="700">
          42 ms
        </text>
      </svg>
    </Figure>
  );
}
