import { useEffect, useState } from 'react';
import type { CurrentUser } from '#contracts/auth';
import { api, send } from './api';

/**
 * Who is signed in, for public pages: undefined while unknown, null when nobody is (or the
 * question failed). GET /auth/session never answers 401, so anonymous visitors see no error.
 */
export function useSessionUser(): CurrentUser | null | undefined {
  const [user, setUser] = useState<CurrentUser | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    send(() => api.auth.session.$get())
      .then((response) => response.json())
      .then(
        (body) => current && setUser(body.user),
        () => current && setUser(null),
      );
    return () => {
      current = false;
    };
  }, []);
  return user;
}
