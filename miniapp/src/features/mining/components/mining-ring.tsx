import type { ReactNode } from 'react';
import type { MiningPhase } from '@ziver/shared/core';

const SIZE = 220;
const STROKE = 12;
const RADIUS = (SIZE - STROKE) / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** The progress ring around the mining countdown. */
export function MiningRing({
  progress,
  phase,
  label,
  children,
}: {
  progress: number;
  phase: MiningPhase;
  label: string;
  children: ReactNode;
}) {
  const clamped = Math.min(1, Math.max(0, progress));
  return (
    <div className={`zv-ring zv-ring--${phase}`}>
      <svg
        width={SIZE}
        height={SIZE}
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(clamped * 100)}
      >
        <circle className="zv-ring__track" cx={SIZE / 2} cy={SIZE / 2} r={RADIUS} strokeWidth={STROKE} fill="none" />
        <circle
          className="zv-ring__bar"
          cx={SIZE / 2}
          cy={SIZE / 2}
          r={RADIUS}
          strokeWidth={STROKE}
          fill="none"
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - clamped)}
          transform={`rotate(-90 ${SIZE / 2} ${SIZE / 2})`}
        />
      </svg>
      <div className="zv-ring__center">{children}</div>
    </div>
  );
}
