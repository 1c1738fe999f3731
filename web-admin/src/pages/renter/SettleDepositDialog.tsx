import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Modal, Radio, Space, Typography } from 'antd';
import { errorMessage, exceptionField, exceptionMessage, exceptionText } from '../../apollo/errors';
import type { DepositSettlementMethod } from '../../graphql/graphql';
import { formatCents } from '../../lib/money';
import { DepositSummary } from './DepositSummary';
import { useSettleDeposit, type Handover } from './Handover.graphql';

interface SettleValues {
  method: DepositSettlementMethod;
  bankReference?: string;
  waived?: number[];
}

/** German names of the ways a deposit goes back. */
export const SETTLEMENT_METHODS: Record<DepositSettlementMethod, string> = {
  REFUND: 'Erstattung über Zahlungsanbieter',
  BANK_TRANSFER: 'Banküberweisung',
};

/** What the damages keep of the deposit, the waived ones (their indexes) not counted. */
export function deductionsAfterWaiving(damages: Handover['damages'], waived: readonly number[]): number {
  return damages.reduce((sum, d, i) => (waived.includes(i) ? sum : sum + d.amountCents), 0);
}

/**
 * "Kaution abrechnen": a refund of the original payment through the payment provider, or a bank
 * transfer the office made (with its reference); after a dispute the office may waive damages. Shows
 * what goes back as chosen. A refusal about the reference shows at it, any other above the form.
 */
export function SettleDepositDialog({ handover, title, renterId, onClose }: { handover: Handover; title: string; renterId: number; onClose: () => void }) {
  const [form] = Form.useForm<SettleValues>();
  const method = Form.useWatch('method', form);
  const waived = Form.useWatch('waived', form) ?? [];
  const [settle, state] = useSettleDeposit(renterId);
  const [failure, setFailure] = useState<string>();
  const deductionsCents = deductionsAfterWaiving(handover.damages, waived);
  const canWaive = handover.status === 'DISPUTED' && handover.damages.length > 0;

  const save = async (values: SettleValues) => {
    setFailure(undefined);
    const bankTransfer = values.method === 'BANK_TRANSFER';
    try {
      const res = await settle({
        variables: {
          rentingId: handover.rentingId,
          method: values.method,
          bankReference: bankTransfer ? (values.bankReference ?? '').trim() : null,
          waived: canWaive ? [...(values.waived ?? [])].sort((a, b) => a - b) : [],
        },
      });
      const ex = res.data?.settleDeposit.exception;
      if (!ex) onClose();
      else if (exceptionField(ex) === 'bankReference') form.setFields([{ name: 'bankReference', errors: [exceptionText(ex)] }]);
      else setFailure(exceptionMessage(ex));
    } catch (e) {
      setFailure(errorMessage(e));
    }
  };

  return (
    <Modal open title={`Kaution abrechnen: ${title}`} onCancel={onClose} footer={null} destroyOnHidden>
      {failure && <Alert type="error" title={failure} role="alert" style={{ marginBottom: 16 }} />}
      <Form<SettleValues> form={form} layout="vertical" onFinish={save} disabled={state.loading} initialValues={{ method: 'REFUND', bankReference: '', waived: [] }}>
        <Typography.Paragraph>Der Mieter bekommt die Abrechnung per E-Mail.</Typography.Paragraph>
        <Form.Item label="Rückzahlung" name="method">
          <Radio.Group
            options={(Object.keys(SETTLEMENT_METHODS) as DepositSettlementMethod[]).map((value) => ({ value, label: SETTLEMENT_METHODS[value] }))}
          />
        </Form.Item>
        {method === 'BANK_TRANSFER' && (
          <Form.Item label="Referenz" name="bankReference" rules={[{ required: true, whitespace: true, message: exceptionText({ messageId: 'BANK_REFERENCE_REQUIRED', params: [] }) }]}>
            <Input maxLength={140} placeholder="z. B. Verwendungszweck der Überweisung" />
          </Form.Item>
        )}
        {canWaive && (
          <Form.Item label="Schäden erlassen" name="waived" extra={handover.disputeReason ? `Widerspruch des Mieters: „${handover.disputeReason}“` : undefined}>
            <Checkbox.Group
              style={{ flexDirection: 'column' }}
              options={handover.damages.map((d, i) => ({ value: i, label: `${d.description} (${formatCents(d.amountCents)})` }))}
            />
          </Form.Item>
        )}
        <DepositSummary depositCents={handover.depositCents} deductionsCents={deductionsCents} />
        <Space>
          <Button onClick={onClose}>Abbrechen</Button>
          <Button type="primary" htmlType="submit" loading={state.loading}>
            Abrechnen
          </Button>
        </Space>
      </Form>
    </Modal>
  );
}
