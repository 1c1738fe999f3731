import { useTranslation } from 'react-i18next';

const KEYS = ['choose', 'details', 'confirm', 'sign', 'pay'] as const;

/** The user's booking steps; current = KEYS.length ticks them all. */
export function BookingSteps({ current }: { current: number }) {
  const { t } = useTranslation();
  return (
    <ol className="steps" aria-label={t('booking.steps.label')}>
      {KEYS.map((key, i) => {
        const status = i < current ? 'finish' : i === current ? 'process' : 'wait';
        return (
          <li key={key} className="steps-item" data-status={status} aria-current={status === 'process' ? 'step' : undefined}>
            <span className="steps-icon" aria-hidden="true">
              {status === 'finish' ? '✓' : i + 1}
            </span>
            <span className="steps-label">
              {t(`booking.steps.${key}`)}
              {status === 'finish' && <span className="sr-only"> ({t('booking.steps.done')})</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
