import type { ReactNode } from 'react';
export function NotificationsProvider({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
