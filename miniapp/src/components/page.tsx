import type { ReactNode } from 'react';

/** The centred content column every screen renders in (phone width, centred on desktop). */
export function Page({ children, className, testId }: { children: ReactNode; className?: string; testId?: string }) {
  return (
    <main className={className ? `zv-page ${className}` : 'zv-page'} data-testid={testId}>
      {children}
    </main>
  );
}
