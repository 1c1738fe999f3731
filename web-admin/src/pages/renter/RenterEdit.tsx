import { useState } from 'react';
import { Alert, Button, Form, Input, Space, Spin, Typography } from 'antd';
import { useQuery } from '@apollo/client/react';
import { useNavigate } from 'react-router';
import { errorMessage, exceptionMessage } from '../../apollo/errors';
import { RENTER_FOR_EDIT, useUpdateRenter, type RenterForEdit } from './RenterEdit.graphql';

type Values = Pick<RenterForEdit, 'firstName' | 'lastName' | 'phone' | 'notes'>;

export default function RenterEdit({ id }: { id: number }) {
  const navigate = useNavigate();
  const { data, loading, error } = useQuery(RENTER_FOR_EDIT, { variables: { renterId: id }, fetchPolicy: 'network-only' });
  const [update, updateState] = useUpdateRenter();
  const [failure, setFailure] = useState<string>();
  const toInfo = () => navigate(`/mieter/${id}/info`);

  if (error) return <Alert type="error" title={errorMessage(error)} />;
  if (loading || !data) return <Spin />;
  const renter = data.renterForEdit;
  if (!renter) return <Alert type="warning" title={`Kein Mieter mit der Nummer ${id} gefunden.`} />;

  const save = async (values: Values) => {
    setFailure(undefined);
    try {
      const res = await update({ variables: { update: { id, ...values } } });
      const ex = res.data?.updateRenter.exception;
      if (ex) setFailure(exceptionMessage(ex));
      else toInfo();
    } catch (e) {
      setFailure(errorMessage(e));
    }
  };

  return (
    <div style={{ maxWidth: 600 }}>
      <Typography.Title level={3}>
        {renter.lastName}, {renter.firstName}
      </Typography.Title>
      {failure && <Alert type="error" title={failure} role="alert" style={{ marginBottom: 16 }} />}
      <Form<Values>
        layout="vertical"
        initialValues={{ firstName: renter.firstName, lastName: renter.lastName, phone: renter.phone, notes: renter.notes }}
        onFinish={save}
        disabled={updateState.loading}
      >
        <Form.Item label="Vorname" name="firstName">
          <Input />
        </Form.Item>
        <Form.Item label="Nachname" name="lastName">
          <Input />
        </Form.Item>
        <Form.Item label="Mobil" name="phone">
          <Input />
        </Form.Item>
        <Form.Item label="E-Mail" htmlFor="renter-email">
          <Input id="renter-email" value={renter.email} readOnly aria-readonly />
        </Form.Item>
        <Form.Item label="Notizen" name="notes">
          <Input.TextArea rows={5} />
        </Form.Item>
        <Space>
          <Button onClick={toInfo}>Abbrechen</Button>
          <Button type="primary" htmlType="submit" loading={updateState.loading}>
            Speichern
          </Button>
        </Space>
      </Form>
    </div>
  );
}
