import type { ReactNode } from 'react';
import { Result } from 'antd';
import { BookingSteps } from '../BookingSteps/BookingSteps';

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
  status?: 'success' | 'info' | 'warning' | 'error';
  extra?: ReactNode;
}) {
  return (
    <>
      {step !== undefined && <BookingSteps current={step} />}
      <Result status={status} title={<h1 style={{ fontSize: 24, margin: 0 }}>{title}</h1>} subTitle={text} extra={extra} />
    </>
  );
}
