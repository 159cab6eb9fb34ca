import { createContext, useContext } from 'react';

/** Takes a banner away before its time (it fades out as when its life ends). */
export type DismissBanner = () => void;

/** Green success and red error banners, shown by components/Notifications.tsx. */
export interface Notify {
  success(message: string): DismissBanner;
  error(message: string): DismissBanner;
}

/** Filled by NotificationsProvider; here so code below the components can show a banner too. */
export const NotifyContext = createContext<Notify | null>(null);

/** Shows a green success or red error banner from anywhere under NotificationsProvider. */
export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify() must be called inside <NotificationsProvider>.');
  return notify;
}
