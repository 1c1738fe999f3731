import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import deDE from 'antd/locale/de_DE';
import enUS from 'antd/locale/en_US';
import { useTranslation } from 'react-i18next';
import { theme } from '../../theme';
// Only the rules of the antd components the forms use, cut from antd's prebuilt CSS at build time
// (vite.config.ts, antdSubset); loaded with the form's chunk, never on the first paint.
import 'virtual:antd-subset.css';

/** antd's theme (zero-runtime: the tokens as CSS variables) and locale around a form; only forms use antd. */
export function AntdScope({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider theme={theme} locale={i18n.language === 'de' ? deDE : enUS}>
      {children}
    </ConfigProvider>
  );
}
