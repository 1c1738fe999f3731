import { useEffect, useState } from 'react';
import { Alert, Button, Card, Divider, Form, Input } from 'antd';
import { useLocation, useSearchParams } from 'react-router';
import { fetchSsoEnabled, login, ssoLoginUrl } from './api';

interface Values {
  username: string;
  password: string;
}

export const SSO_FAILED = 'Die Anmeldung über Single Sign-on ist fehlgeschlagen.';

/** The admin path to come back to after single sign-on: where the visitor is, else the overview. */
export function ssoReturnPath(pathname: string): string {
  return pathname === '/' || pathname === '/login' || pathname === '' ? '/admin/overview' : `/admin${pathname}`;
}

/** Admin sign-in; calls onSuccess once the gateway set the session cookie. */
export function LoginForm({ onSuccess }: { onSuccess: () => void | Promise<void> }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [sso, setSso] = useState(false);
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const ssoFailed = params.get('error') === 'sso';

  useEffect(() => {
    let active = true;
    void fetchSsoEnabled().then((enabled) => active && setSso(enabled));
    return () => {
      active = false;
    };
  }, []);

  const submit = async ({ username, password }: Values) => {
    setBusy(true);
    setError(undefined);
    const result = await login(username, password);
    setBusy(false);
    if (result.ok) await onSuccess();
    else setError(result.message);
  };

  return (
    <Card title="Anmelden" style={{ maxWidth: 400, margin: '24px auto' }}>
      {ssoFailed && !error && <Alert type="error" title={SSO_FAILED} showIcon style={{ marginBottom: 16 }} role="alert" />}
      {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} role="alert" />}
      <Form<Values> layout="vertical" onFinish={submit} disabled={busy}>
        <Form.Item label="Benutzername" name="username" rules={[{ required: true, message: 'Bitte Benutzernamen eingeben' }]}>
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="Passwort" name="password" rules={[{ required: true, message: 'Bitte Passwort eingeben' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} block>
          Anmelden
        </Button>
      </Form>
      {sso && (
        <>
          <Divider plain>oder</Divider>
          <Button block href={ssoLoginUrl(ssoReturnPath(pathname))}>
            Mit Single Sign-on anmelden
          </Button>
        </>
      )}
    </Card>
  );
}
