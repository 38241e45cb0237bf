import type { ReactNode } from 'react';
import { Text } from '@telegram-apps/telegram-ui';

/** An inline message box for errors and confirmations. */
export function Notice({
  tone,
  title,
  children,
  action,
  testId,
}: {
  tone: 'error' | 'success' | 'info';
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div className={`zv-notice zv-notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'} data-testid={testId}>
      <div className="zv-notice__body">
        {title && <Text weight="2">{title}</Text>}
        {children && <div className="zv-notice__text">{children}</div>}
      </div>
      {action}
    </div>
  );
}
