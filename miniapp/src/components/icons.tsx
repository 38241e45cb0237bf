import type { SVGProps } from 'react';

/** Small inline icons (no icon font, no network). Sized by the caller; colour follows text. */
export type IconName =
  | 'mining'
  | 'marketplace'
  | 'wallet'
  | 'sun'
  | 'moon'
  | 'auto'
  | 'eye'
  | 'eye-off'
  | 'chevron-down'
  | 'chevron-up'
  | 'logout'
  | 'mail'
  | 'copy'
  | 'wrench'
  | 'rocket'
  | 'users'
  | 'shield'
  | 'clock'
  | 'close'
  | 'expand'
  | 'collapse';

const PATHS: Record<IconName, string> = {
  expand: 'M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5',
  collapse: 'M9 4v5H4M20 9h-5V4M15 20v-5h5M4 15h5v5',
  mining: 'M14.5 3.5l6 6-2 2-1.6-1.6L8.4 18.4a2 2 0 01-2.8-2.8l8.5-8.5L12.5 5.5l2-2zM4 20l2-2',
  marketplace: 'M4 9l1.5-5h13L20 9M4 9v11h16V9M4 9h16M9 20v-6h6v6',
  wallet: 'M4 7a2 2 0 012-2h12v4M4 7v11a2 2 0 002 2h14V9H6a2 2 0 01-2-2zm12 7h.01',
  sun: 'M12 4V2m0 20v-2m8-8h2M2 12h2m13.66-5.66l1.41-1.41M4.93 19.07l1.41-1.41m0-11.32L4.93 4.93m14.14 14.14l-1.41-1.41M12 16a4 4 0 100-8 4 4 0 000 8z',
  moon: 'M20 14.5A8 8 0 019.5 4a8 8 0 1010.5 10.5z',
  auto: 'M12 3a9 9 0 100 18V3zm0 0a9 9 0 010 18',
  eye: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zm10 3a3 3 0 100-6 3 3 0 000 6z',
  'eye-off':
    'M3 3l18 18M10.6 10.6a2 2 0 002.8 2.8M9.9 5.1A10.4 10.4 0 0112 5c6.5 0 10 7 10 7a17 17 0 01-3.2 4.2M6.6 6.6C3.9 8.4 2 12 2 12s3.5 7 10 7a9.7 9.7 0 005.4-1.6',
  'chevron-down': 'M6 9l6 6 6-6',
  'chevron-up': 'M6 15l6-6 6 6',
  logout: 'M15 4h3a2 2 0 012 2v12a2 2 0 01-2 2h-3M10 17l-5-5 5-5M5 12h11',
  mail: 'M3 6h18v12H3V6zm0 0l9 7 9-7',
  copy: 'M9 9h11v11H9V9zM5 15H4V4h11v1',
  wrench: 'M14.7 6.3a4 4 0 015 5l-1.4-1.4-2.8.7.7-2.8-1.5-1.5zM14 10l-9 9a1.4 1.4 0 01-2-2l9-9',
  rocket: 'M5 15c-1.5 1.5-2 5-2 5s3.5-.5 5-2M9 15l-3-3c1.5-4 5-8 12-9-1 7-5 10.5-9 12zm5-6a1 1 0 100-2 1 1 0 000 2z',
  users:
    'M16 20v-2a4 4 0 00-4-4H6a4 4 0 00-4 4v2M9 10a4 4 0 100-8 4 4 0 000 8zm13 10v-2a4 4 0 00-3-3.9M16 2.1a4 4 0 010 7.8',
  shield: 'M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10zm-3-10l2 2 4-4',
  clock: 'M12 22a10 10 0 100-20 10 10 0 000 20zm0-15v5l3 3',
  close: 'M6 6l12 12M18 6L6 18',
};

/** A 24×24 stroked icon from one SVG path: the one wrapper every icon set in the app uses. */
export function PathIcon({ d, size = 24, ...props }: { d: string; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <path d={d} />
    </svg>
  );
}

export function Icon({ name, ...props }: { name: IconName; size?: number } & SVGProps<SVGSVGElement>) {
  return <PathIcon d={PATHS[name]} {...props} />;
}
