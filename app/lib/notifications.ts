import { createContext, useContext } from 'react';

/** Green success and red error banners, shown by components/Notifications.tsx. */
export interface Notify {
  success(message: string): void;
  error(message: string): void;
}

/** Filled by NotificationsProvider; here so code below the components can show a banner too. */
export const NotifyContext = createContext<Notify | null>(null);

/** Shows a green success or red error banner from anywhere under NotificationsProvider. */
export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify() must be called inside <NotificationsProvider>.');
  return notify;
}
