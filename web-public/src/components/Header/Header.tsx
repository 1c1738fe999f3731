import { Button, Dropdown, Layout } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES } from '../../lib/language';

export function Header() {
  const { t, i18n } = useTranslation();
  const current = i18n.language === 'de' ? 'de' : 'en';
  return (
    <Layout.Header
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', background: '#fff', borderBottom: '1px solid #e5e5e5', paddingInline: 16 }}
    >
      <Link to="/" aria-label={t('header.home')} style={{ fontWeight: 700, fontSize: 18, color: '#1f1f1f' }}>
        Semesterhaus
      </Link>
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: [current],
          items: SUPPORTED_LANGUAGES.map((lng) => ({ key: lng, label: t(`header.${lng}`), lang: lng })),
          onClick: ({ key }) => void i18n.changeLanguage(key),
        }}
      >
        <Button aria-label={t('header.language')}>{t(`header.${current}`)} ▾</Button>
      </Dropdown>
    </Layout.Header>
  );
}
