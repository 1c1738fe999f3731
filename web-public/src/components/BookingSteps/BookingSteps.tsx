import { Steps } from 'antd';
import { useTranslation } from 'react-i18next';

const KEYS = ['choose', 'details', 'confirm', 'sign', 'pay'] as const;

/** The user's booking steps; current = KEYS.length ticks them all. */
export function BookingSteps({ current }: { current: number }) {
  const { t } = useTranslation();
  return (
    <Steps
      size="small"
      current={current}
      style={{ marginBottom: 24 }}
      items={KEYS.map((key) => ({ title: t(`booking.steps.${key}`) }))}
    />
  );
}
