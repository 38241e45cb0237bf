import type { SVGProps } from 'react';
import { PathIcon } from '@/components/icons';

/** The few icons only the tasks page draws (check, link, lock, refresh, star). */
const PATHS = {
  check: 'M5 12.5l4.5 4.5L19 7.5',
  link: 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 01-1 1H5a1 1 0 01-1-1V7a1 1 0 011-1h5',
  lock: 'M7 11V8a5 5 0 0110 0v3M6 11h12v9H6v-9z',
  refresh: 'M20 11a8 8 0 10-2.3 5.7M20 4v7h-7',
  star: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.5 2.9 1-6.1L3.2 9.5l6.1-.9L12 3z',
  circle: 'M12 20a8 8 0 100-16 8 8 0 000 16z',
} as const;

export type TaskIconName = keyof typeof PATHS;

export function TaskIcon({
  name,
  size = 20,
  ...props
}: { name: TaskIconName; size?: number } & SVGProps<SVGSVGElement>) {
  return <PathIcon d={PATHS[name]} size={size} {...props} />;
}
