import { Col, Row, Spin, Typography } from 'antd';
import { useQuery } from '@apollo/client/react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/Message/ShowMessage';
import { Pictures } from '../../components/Pictures/Pictures';
import { PriceSummary } from '../../components/PriceSummary/PriceSummary';
import { EXTEND_BOOKING } from './Extend.graphql';
import { RenewalForm } from './RenewalForm';

export default function Extend() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const rentingId = params.get('rentingId');
  const { data, loading, error } = useQuery(EXTEND_BOOKING, {
    variables: { rentingId: rentingId ?? '' },
    skip: !rentingId,
    fetchPolicy: 'network-only',
  });
  if (!rentingId) return <ErrorAlert message={{ key: 'errors.missingRentingId' }} />;
  if (loading) return <Spin aria-label={t('common.loading')} />;
  if (error) return <ErrorAlert message={{ key: 'errors.occurred', values: { message: t('errors.retry') } }} />;
  const offer = data?.extendBookingQuery;
  const renter = data?.renterByRentingId;
  if (!offer || !renter) return <Typography.Paragraph>{t('booking.extend.notOpen')}</Typography.Paragraph>;
  return (
    <>
      <Typography.Title level={1}>{t('booking.extend.title')}</Typography.Title>
      <Typography.Paragraph>
        {t('booking.extend.text', { name: offer.apartment.name, semester: offer.semester.name })}
      </Typography.Paragraph>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={14}>
          <Pictures pictures={offer.apartment.pictures} />
        </Col>
        <Col xs={24} lg={10}>
          <PriceSummary apartment={offer.apartment} semester={offer.semester} price={offer.priceCalculation} />
        </Col>
      </Row>
      <div style={{ marginTop: 32 }}>
        <RenewalForm rentingId={rentingId} renter={renter} />
      </div>
    </>
  );
}
