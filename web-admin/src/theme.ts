import type { ThemeConfig } from 'antd';

/** A darker primary than antd's default so white text on it meets WCAG AA (contrast 7.5:1 on white). */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#0050b3',
    colorLink: '#0050b3',
  },
};
