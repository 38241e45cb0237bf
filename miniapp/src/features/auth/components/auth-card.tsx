import type { ReactNode } from 'react';
import { Caption, Title } from '@telegram-apps/telegram-ui';
import { Logo } from '@/components/logo';

/** The frame shared by the login and register screens. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <div className="zv-auth">
      <div className="zv-auth__head">
        <Logo size={48} withWord={false} />
        <Title level="1" weight="1" Component="h1">
          {title}
        </Title>
        <Caption level="1" className="zv-muted">
          {subtitle}
        </Caption>
      </div>
      {children}
      <div className="zv-auth__footer">{footer}</div>
    </div>
  );
}
