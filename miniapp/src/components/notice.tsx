import { forwardRef, type ReactNode } from 'react';
import { Text } from '@telegram-apps/telegram-ui';

/** An inline message box for errors and confirmations. */
export const Notice = forwardRef<
  HTMLDivElement,
  {
    tone: 'error' | 'success' | 'info';
    title?: ReactNode;
    children?: ReactNode;
    action?: ReactNode;
    testId?: string;
  }
>(function Notice({ tone, title, children, action, testId }, ref) {
  return (
    <div
      ref={ref}
      className={`zv-notice zv-notice--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
    >
      <div className="zv-notice__body">
        {title && <Text weight="2">{title}</Text>}
        {children && <div className="zv-notice__text">{children}</div>}
      </div>
      {action}
    </div>
  );
});
