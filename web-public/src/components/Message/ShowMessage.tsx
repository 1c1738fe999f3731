import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../lib/errors';

/** Text of a Message: a translated key or a literal server text. */
export function useMessageText() {
  const { t } = useTranslation();
  return (m: Message) => ('text' in m ? m.text : t(m.key, m.values));
}

/** An error (or warning) box, announced to screen readers. */
export function Alert({ type = 'error', children }: { type?: 'error' | 'warning'; children: ReactNode }) {
  return (
    <div role="alert" className={`alert alert-${type}`}>
      <span className="alert-icon" aria-hidden="true">
        !
      </span>
      <div className="alert-body">{children}</div>
    </div>
  );
}

export function ErrorAlert({ message }: { message: Message }) {
  const text = useMessageText();
  return <Alert>{text(message)}</Alert>;
}
