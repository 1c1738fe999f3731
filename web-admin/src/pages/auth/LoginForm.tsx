import { useState } from 'react';
import { Alert, Button, Card, Form, Input } from 'antd';
import { login } from './api';

interface Values {
  username: string;
  password: string;
}

/** Admin sign-in; calls onSuccess once the gateway set the session cookie. */
export function LoginForm({ onSuccess }: { onSuccess: () => void | Promise<void> }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

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
    </Card>
  );
}
