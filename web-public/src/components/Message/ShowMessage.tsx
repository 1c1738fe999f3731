import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../lib/errors';

/** Text of a Message: a translated key or a literal server text. */
export function useMessageText() {
  const { t } = useTranslation();
  return (m: Message) => ('text' in m ? m.text : t(m.key, m.values));
}

/**
 * An error (or warning) box, announced to screen readers (role alert, aria-live assertive). With focus,
 * it scrolls into view and takes the focus when it appears: an answer of the server to a form the user
 * sent from far below would else be drawn where nobody looks.
 */
export function Alert({ type = 'error', focus = false, children }: { type?: 'error' | 'warning'; focus?: boolean; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focus || !box.current) return;
    box.current.scrollIntoView({ block: 'center' });
    box.current.focus({ preventScroll: true });
  }, [focus]);
  return (
    <div ref={box} role="alert" aria-live="assertive" tabIndex={focus ? -1 : undefined} className={`alert alert-${type}`}>
      <span className="alert-icon" aria-hidden="true">
        !
      </span>
      <div className="alert-body">{children}</div>
    </div>
  );
}

export function ErrorAlert({ message, focus }: { message: Message; focus?: boolean }) {
  const text = useMessageText();
  return <Alert focus={focus}>{text(message)}</Alert>;
}
