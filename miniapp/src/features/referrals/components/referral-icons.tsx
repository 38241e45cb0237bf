import type { SVGProps } from 'react';
import { PathIcon } from '@/components/icons';

/** The few icons only the referrals page draws. */
const PATHS = {
  telegram: 'M21 4L3 11l6 2.5M21 4l-3 16-9-6.5M21 4L9 13.5V19l3-3.5',
  copy: 'M9 9h11v11H9V9zM5 15H4V4h11v1',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  trophy: 'M8 4h8v6a4 4 0 01-8 0V4zM8 6H4v2a4 4 0 004 4M16 6h4v2a4 4 0 01-4 4M12 14v4M8 20h8',
  gift: 'M4 11h16v9H4v-9zM3 7h18v4H3V7zM12 7v13M12 7c-2-4-6-3-5 0m5 0c2-4 6-3 5 0',
  link: 'M10 14a4 4 0 005.7 0l3-3a4 4 0 00-5.7-5.7l-1 1M14 10a4 4 0 00-5.7 0l-3 3a4 4 0 005.7 5.7l1-1',
  search: 'M11 18a7 7 0 100-14 7 7 0 000 14zM20 20l-4-4',
} as const;

export type ReferralIconName = keyof typeof PATHS;

export function ReferralIcon({
  name,
  size = 20,
  ...props
}: { name: ReferralIconName; size?: number } & SVGProps<SVGSVGElement>) {
  return <PathIcon d={PATHS[name]} size={size} {...props} />;
}
