import type { ThemeConfig } from 'antd';

// antd's default blue (#1677ff) has 4.1:1 contrast with white text; #0b57b8 has 6.7:1 (WCAG AA needs 4.5:1).
export const PRIMARY_COLOR = '#0b57b8';

export const theme: ThemeConfig = {
  token: { colorPrimary: PRIMARY_COLOR, colorLink: PRIMARY_COLOR },
};
