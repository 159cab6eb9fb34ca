import { api, withSession } from '../../lib/api';
import { useCurrentUser } from './AppLayout';

/**
 * Saves the display name teammates see (or clears it, when emptied) and shows it on every screen
 * at once. Settings and onboarding ask for it.
 */
export function useDisplayNameSaver() {
  const { updateUser } = useCurrentUser();
  return async (typed: string): Promise<string | null> => {
    const name = typed.trim() === '' ? null : typed.trim();
    await withSession(() => api.user.name.$put({ json: { name } }));
    updateUser({ name });
    return name;
  };
}
