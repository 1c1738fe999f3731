import { Button, Card, Col, Collapse, Row, Spin, Typography } from 'antd';
import { useQuery } from '@apollo/client/react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BookingSteps } from '../../components/BookingSteps/BookingSteps';
import { Features } from '../../components/Features/Features';
import { ErrorAlert } from '../../components/Message/ShowMessage';
import { Pictures } from '../../components/Pictures/Pictures';
import { PriceSummary } from '../../components/PriceSummary/PriceSummary';
import { BookingForm } from './BookingForm';
import { BOOK_APARTMENT, BOOKABLE_SEMESTER } from './Step2.graphql';

export default function Step2() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const rawId = params.get('apartment-id');
  const apartmentId = rawId !== null && /^\d+$/.test(rawId) ? Number(rawId) : null;
  // The extend flag (SPEC: the query parameter renter): a current renter, named by the renting of
  // their renewal link, looks at the apartment to extend their stay instead of booking it anew.
  const renter = params.get('renter');
  const extend = renter !== null && renter !== '';
  const extendLink = extend ? `/booking/extend?${new URLSearchParams({ rentingId: renter }).toString()}` : '';
  const semesterQuery = useQuery(BOOKABLE_SEMESTER, { skip: apartmentId === null });
  const semesterId = semesterQuery.data?.bookableSemester?.id;
  const bookQuery = useQuery(BOOK_APARTMENT, {
    variables: { aid: apartmentId ?? 0, sid: semesterId ?? 0 },
    skip: apartmentId === null || semesterId === undefined,
  });

  if (rawId === null) return <ErrorAlert message={{ key: 'errors.missingApartmentId' }} />;
  if (apartmentId === null) return <ErrorAlert message={{ key: 'errors.noApartment', values: { id: rawId } }} />;
  if (semesterQuery.loading || bookQuery.loading) return <Spin aria-label={t('common.loading')} />;
  if (semesterQuery.error || bookQuery.error)
    return <ErrorAlert message={{ key: 'errors.occurred', values: { message: t('errors.retry') } }} />;
  if (!semesterQuery.data?.bookableSemester) return <ErrorAlert message={{ key: 'errors.noSemester' }} />;
  const booking = bookQuery.data?.bookApartment;
  if (!booking) return <ErrorAlert message={{ key: 'errors.noApartment', values: { id: String(apartmentId) } }} />;
  const { apartment, semester, priceCalculation } = booking;
  const description = i18n.language === 'de' ? apartment.descriptionDe : apartment.descriptionEn;

  return (
    <>
      <BookingSteps current={1} />
      <Typography.Title level={1}>{t('booking.step2.title', { name: apartment.name })}</Typography.Title>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={14}>
          <Pictures pictures={apartment.pictures} />
          {description && <Typography.Paragraph>{description}</Typography.Paragraph>}
          <Features features={apartment.features} />
          <Typography.Title level={4}>{t('booking.step2.faqTitle')}</Typography.Title>
          <Collapse
            items={(['faqMoveIn', 'faqPower', 'faqFurniture', 'faqPayment'] as const).map((k) => ({
              key: k,
              label: t(`booking.step2.${k}Q`),
              children: t(`booking.step2.${k}`),
            }))}
          />
          <Typography.Title level={4}>{t('booking.step2.expectTitle')}</Typography.Title>
          <Typography.Paragraph>{t('booking.step2.expectText')}</Typography.Paragraph>
          <Typography.Title level={4}>{t('booking.step2.knowTitle')}</Typography.Title>
          <Typography.Paragraph>{t('booking.step2.knowText')}</Typography.Paragraph>
        </Col>
        <Col xs={24} lg={10}>
          <PriceSummary apartment={apartment} semester={semester} price={priceCalculation} />
          {extend ? (
            <Button type="primary" size="large" style={{ marginTop: 16 }} onClick={() => void navigate(extendLink)}>
              {t('booking.extend.title')}
            </Button>
          ) : (
            <Button type="primary" size="large" href="#booking-form" style={{ marginTop: 16 }}>
              {t('booking.step2.book')}
            </Button>
          )}
        </Col>
      </Row>
      {extend ? (
        <Card style={{ marginTop: 32 }} data-testid="extend-notice">
          <Typography.Paragraph>{t('booking.step2.extendText')}</Typography.Paragraph>
          <Link to={extendLink}>{t('booking.extend.title')}</Link>
        </Card>
      ) : (
        <div id="booking-form" style={{ marginTop: 32 }}>
          <BookingForm apartmentId={apartment.id} semesterId={semester.id} sample={params.has('dummy')} />
        </div>
      )}
    </>
  );
}
