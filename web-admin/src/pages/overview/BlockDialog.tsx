import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space } from 'antd';
import { errorMessage, exceptionField, exceptionText } from '../../apollo/errors';
import { useBlockApartment } from './OverviewPage.graphql';

/**
 * Asks for the reason to block an apartment in a semester and blocks it. A refusal about the reason
 * is shown at the field; one about the apartment (someone holds it) above the form.
 */
export default function BlockDialog({ apartment, semester, onClose }: {
  apartment: { id: number; name: string };
  semester: { id: number; name: string };
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const [block, state] = useBlockApartment();
  const [failure, setFailure] = useState<string>();

  const save = async ({ reason }: { reason: string }) => {
    setFailure(undefined);
    try {
      const res = await block({ variables: { apartmentId: apartment.id, semesterId: semester.id, reason: reason.trim() } });
      const ex = res.data?.blockApartment.exception;
      if (!ex) onClose();
      else if (exceptionField(ex) === 'reason') form.setFields([{ name: 'reason', errors: [exceptionText(ex)] }]);
      else setFailure(exceptionText(ex));
    } catch (e) {
      setFailure(errorMessage(e));
    }
  };

  return (
    <Modal open title={`${apartment.name} im ${semester.name} blockieren`} onCancel={onClose} footer={null} destroyOnHidden>
      {failure && <Alert type="error" title={failure} role="alert" style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={save} disabled={state.loading}>
        <Form.Item label="Grund" name="reason" rules={[{ required: true, whitespace: true, message: 'Angabe fehlt.' }]}>
          <Input maxLength={500} placeholder="z. B. Wasserschaden im Bad" />
        </Form.Item>
        <Space>
          <Button onClick={onClose}>Abbrechen</Button>
          <Button type="primary" danger htmlType="submit" loading={state.loading}>
            Blockieren
          </Button>
        </Space>
      </Form>
    </Modal>
  );
}
