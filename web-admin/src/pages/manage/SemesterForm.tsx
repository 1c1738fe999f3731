import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space } from 'antd';
import { errorMessage, exceptionField, exceptionText, type UserDataException } from '../../apollo/errors';
import { useCreateSemester, useUpdateSemester, type Semester } from './SemesterPage.graphql';

interface Values {
  name: string;
  startDate: string;
  endDate: string;
}

const FIELDS: readonly string[] = ['name', 'startDate', 'endDate'];
const required = [{ required: true, whitespace: true, message: 'Angabe fehlt.' }];

/**
 * Adds a semester (no semester given) or edits one, in a dialog. A refusal of the server is shown at
 * the field it concerns (the overlap at the start, a taken name at the name), anything else above the form.
 */
export default function SemesterForm({ semester, onClose }: { semester?: Semester; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [create, created] = useCreateSemester();
  const [update, updated] = useUpdateSemester();
  const [failure, setFailure] = useState<string>();
  const saving = created.loading || updated.loading;

  const refuse = (ex: UserDataException) => {
    const field = exceptionField(ex);
    if (field && FIELDS.includes(field)) form.setFields([{ name: field as keyof Values, errors: [exceptionText(ex)] }]);
    else setFailure(exceptionText(ex));
  };

  const save = async (values: Values) => {
    setFailure(undefined);
    const input = { name: values.name.trim(), startDate: values.startDate, endDate: values.endDate };
    try {
      const ex = semester
        ? (await update({ variables: { id: semester.id, semester: input } })).data?.updateSemester.exception
        : (await create({ variables: { semester: input } })).data?.createSemester.exception;
      if (ex) refuse(ex);
      else onClose();
    } catch (e) {
      setFailure(errorMessage(e));
    }
  };

  const title = semester ? `Semester ${semester.name} bearbeiten` : 'Semester anlegen';
  return (
    <Modal open title={title} onCancel={onClose} footer={null} destroyOnHidden>
      {failure && <Alert type="error" title={failure} role="alert" style={{ marginBottom: 16 }} />}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={semester ? { name: semester.name, startDate: semester.startDate, endDate: semester.endDate } : undefined}
        onFinish={save}
        disabled={saving}
      >
        <Form.Item label="Name" name="name" rules={required}>
          <Input maxLength={40} placeholder="z. B. SoSe 2029" />
        </Form.Item>
        <Form.Item label="Start" name="startDate" rules={required}>
          <Input type="date" />
        </Form.Item>
        <Form.Item label="Ende" name="endDate" rules={required}>
          <Input type="date" />
        </Form.Item>
        <Space>
          <Button onClick={onClose}>Abbrechen</Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            Speichern
          </Button>
        </Space>
      </Form>
    </Modal>
  );
}
