import type { GlobalToken, ThemeConfig } from 'antd';

/** A darker primary than antd's default so white text on it meets WCAG AA (contrast 7.5:1 on white). */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#0050b3',
    colorLink: '#0050b3',
  },
};

/**
 * What needs the administrator's attention (an open milestone, a reserved apartment): antd's light
 * orange with an orange border. Components take their colours from the tokens of this theme
 * (theme.useToken()), never as literals.
 */
export const attention = (token: GlobalToken) => ({ background: token.orange1, borderColor: token.orange6 });
