import type { ReactNode } from 'react';
import { Result, Spin } from 'antd';
import { useRole } from './RoleContext';
import { LoginForm } from './LoginForm';

/** Shows its children to admins only: a spinner while the role loads, else 'Kein Zugriff' (and the sign-in form for anonymous). */
export function AdminGate({ children }: { children: ReactNode }) {
  const { role, refresh } = useRole();
  if (role === undefined) {
    return (
      <div style={{ display: 'flex', justifyContent: 'center', padding: 64 }}>
        <Spin size="large" aria-label="Lädt" />
      </div>
    );
  }
  if (role !== 'admin') {
    return (
      <div style={{ padding: 24 }}>
        <Result status="403" title="Kein Zugriff" />
        {role === 'anonymous' && <LoginForm onSuccess={refresh} />}
      </div>
    );
  }
  return <>{children}</>;
}
