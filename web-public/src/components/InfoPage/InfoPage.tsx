import type { ReactNode } from 'react';
import { BookingSteps } from '../BookingSteps/BookingSteps';

const ICONS = { success: '✓', info: 'i', warning: '!', error: '×' } as const;

/** A confirmation screen: the booking progress (when given), a heading and a text. */
export function InfoPage({
  step,
  title,
  text,
  status = 'info',
  extra,
}: {
  step?: number;
  title: string;
  text?: ReactNode;
  status?: keyof typeof ICONS;
  extra?: ReactNode;
}) {
  return (
    <>
      {step !== undefined && <BookingSteps current={step} />}
      <div className={`result result-${status}`}>
        <div className="result-icon" aria-hidden="true">
          {ICONS[status]}
        </div>
        <h1>{title}</h1>
        {text && <div className="result-text">{text}</div>}
        {extra && <div className="result-extra">{extra}</div>}
      </div>
    </>
  );
}
