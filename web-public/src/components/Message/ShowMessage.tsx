import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../lib/errors';

/** Text of a Message: a translated key or a literal server text. */
export function useMessageText() {
  const { t } = useTranslation();
  return (m: Message) => ('text' in m ? m.text : t(m.key, m.values));
}

export function ErrorAlert({ message }: { message: Message }) {
  const text = useMessageText();
  return <Alert type="error" showIcon role="alert" title={text(message)} style={{ marginBottom: 16 }} />;
}
