import { describe, expect, it } from 'vitest';
import { theme as antdTheme } from 'antd';
import { attention, theme } from './theme';

describe('theme', () => {
  const token = antdTheme.getDesignToken(theme);

  it('has the darker primary for links and buttons', () => {
    expect([token.colorPrimary, token.colorLink]).toEqual(['#0050b3', '#0050b3']);
  });

  it('marks what needs attention light orange with an orange border', () => {
    expect(attention(token)).toEqual({ background: '#fff7e6', borderColor: '#fa8c16' });
  });
});
