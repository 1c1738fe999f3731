import { Alert, Descriptions } from 'antd';
import { exceptionText } from '../../apollo/errors';
import { formatCents } from '../../lib/money';
import { deductionsExceedDeposit } from './handover';

/** The deposit, what the damages keep of it and what goes back; deductions above the deposit refused in red. */
export function DepositSummary({ depositCents, deductionsCents }: { depositCents: number; deductionsCents: number }) {
  return (
    <>
      <Descriptions size="small" column={1} bordered style={{ marginBottom: 12 }}>
        <Descriptions.Item label="Kaution">{formatCents(depositCents)}</Descriptions.Item>
        <Descriptions.Item label="Abzüge">{formatCents(deductionsCents)}</Descriptions.Item>
        <Descriptions.Item label="Erstattung">{formatCents(Math.max(0, depositCents - deductionsCents))}</Descriptions.Item>
      </Descriptions>
      {deductionsCents > depositCents && (
        <Alert type="error" role="alert" title={exceptionText(deductionsExceedDeposit(depositCents, deductionsCents))} style={{ marginBottom: 12 }} />
      )}
    </>
  );
}
