import type { ThemeConfig } from 'antd';

// antd's default blue (#1677ff) has 4.1:1 contrast with white text; #0b57b8 has 6.7:1 (WCAG AA needs 4.5:1).
export const PRIMARY_COLOR = '#0b57b8';

// antd's secondary texts (waiting step titles, descriptions, placeholders) are black at 45 % opacity:
// 4.0:1 on the page's grey background. #595959 is 7:1 on white and 6.4:1 on #f5f5f5.
export const SECONDARY_TEXT = '#595959';

/** A free apartment's tag: dark green on light green, 8.9:1 (antd's green tag is 3.3:1). */
export const FREE_TAG_STYLE = { color: '#135200', background: '#f6ffed', borderColor: '#95de64' };

/** Error texts (form errors, alerts): antd's #ff4d4f is 3.0:1 on the page background; #cf1322 is 5.1:1. */
export const ERROR_COLOR = '#cf1322';

export const theme: ThemeConfig = {
  // antd's prebuilt CSS (the subset the forms use, imported by components/Antd/AntdScope) instead of
  // styles computed at run time; the tokens below still apply as CSS variables. Only the forms use antd.
  zeroRuntime: true,
  token: {
    colorPrimary: PRIMARY_COLOR,
    colorLink: PRIMARY_COLOR,
    colorTextDescription: SECONDARY_TEXT,
    colorTextTertiary: SECONDARY_TEXT,
    colorTextPlaceholder: '#6b6b6b',
    colorError: ERROR_COLOR,
  },
};
