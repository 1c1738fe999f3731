import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { fetchRole, type Role } from './api';

interface RoleState {
  /** undefined while loading. */
  role: Role | undefined;
  error: string | undefined;
  refresh: () => Promise<void>;
}

const RoleContext = createContext<RoleState | undefined>(undefined);

export function RoleProvider({ children }: { children: ReactNode }) {
  const [role, setRole] = useState<Role | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const refresh = useCallback(async () => {
    try {
      setRole(await fetchRole());
      setError(undefined);
    } catch (e) {
      setRole('anonymous');
      setError(e instanceof Error ? e.message : 'Unknown Error');
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return <RoleContext.Provider value={{ role, error, refresh }}>{children}</RoleContext.Provider>;
}

export function useRole(): RoleState {
  const ctx = useContext(RoleContext);
  if (!ctx) throw new Error('useRole outside RoleProvider');
  return ctx;
}
