import type { SVGProps } from 'react';
import { PathIcon } from '@/components/icons';

/** The settings screens' own small icons (same stroke style as components/icons). */
export type SettingsIconName =
  | 'settings'
  | 'palette'
  | 'shield'
  | 'bell'
  | 'user'
  | 'chevron-right'
  | 'lock'
  | 'key'
  | 'copy'
  | 'download'
  | 'file'
  | 'message'
  | 'check'
  | 'mail'
  | 'phone'
  | 'send'
  | 'moon-clock'
  | 'close';

const PATHS: Record<SettingsIconName, string> = {
  settings:
    'M12 15a3 3 0 100-6 3 3 0 000 6zm7.4-3a7.4 7.4 0 00-.1-1.2l2-1.6-2-3.4-2.4 1a7.5 7.5 0 00-2-1.2L14.5 3h-5l-.4 2.6a7.5 7.5 0 00-2 1.2l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 000 2.4l-2 1.6 2 3.4 2.4-1a7.5 7.5 0 002 1.2l.4 2.6h5l.4-2.6a7.5 7.5 0 002-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2z',
  palette:
    'M12 3a9 9 0 000 18c1 0 1.5-.7 1.5-1.5 0-.4-.2-.8-.4-1.1-.3-.3-.4-.7-.4-1.1 0-.8.7-1.5 1.5-1.5H16a5 5 0 005-5c0-4.1-4-7.8-9-7.8zM7.5 12a1 1 0 100-2 1 1 0 000 2zm3-4a1 1 0 100-2 1 1 0 000 2zm4 0a1 1 0 100-2 1 1 0 000 2z',
  shield: 'M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10zm-3-10l2 2 4-4',
  bell: 'M6 8a6 6 0 1112 0c0 7 3 9 3 9H3s3-2 3-9zm4.3 13a2 2 0 003.4 0',
  user: 'M20 21v-2a4 4 0 00-4-4H8a4 4 0 00-4 4v2m8-10a4 4 0 100-8 4 4 0 000 8z',
  'chevron-right': 'M9 6l6 6-6 6',
  lock: 'M5 11h14v10H5V11zm3 0V7a4 4 0 118 0v4',
  key: 'M15.5 7.5a3.5 3.5 0 11-7 0 3.5 3.5 0 017 0zM12 11v11m0-5h3m-3 3h2',
  copy: 'M9 9h11v11H9V9zM5 15H4V4h11v1',
  download: 'M12 3v12m0 0l-5-5m5 5l5-5M4 21h16',
  file: 'M14 3H6v18h12V7l-4-4zm0 0v4h4M9 13h6m-6 4h6',
  message: 'M21 15a2 2 0 01-2 2H7l-4 4V5a2 2 0 012-2h14a2 2 0 012 2v10z',
  check: 'M5 12l5 5L20 7',
  mail: 'M3 6h18v12H3V6zm0 0l9 7 9-7',
  phone: 'M7 2h10v20H7V2zm4 17h2',
  send: 'M22 2L11 13M22 2l-7 20-4-9-9-4 20-7z',
  'moon-clock': 'M20 14.5A8 8 0 019.5 4a8 8 0 1010.5 10.5zM15 3v3l2 1',
  close: 'M6 6l12 12M18 6L6 18',
};

export function SettingsIcon({
  name,
  size = 22,
  ...props
}: { name: SettingsIconName; size?: number } & SVGProps<SVGSVGElement>) {
  return <PathIcon d={PATHS[name]} size={size} {...props} />;
}
