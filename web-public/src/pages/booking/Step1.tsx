import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BookingSteps } from '../../components/BookingSteps/BookingSteps';
import { FloorPlan } from '../../components/FloorPlan/FloorPlan';
import { Alert, ErrorAlert } from '../../components/Message/ShowMessage';
import { Spinner } from '../../components/Spinner/Spinner';
import { describeRequestError, exceptionValues, interpretResult, type Message } from '../../lib/errors';
import { wrapFloor } from '../../lib/floor';
import { formatMoney } from '../../lib/money';
import { useOperation, useOperationMutation } from '../../lib/operations';
import { currentLanguage } from '../../i18n';
import { FREE_TAG_STYLE, PRIMARY_COLOR } from '../../theme';
import { AVAILABLE_APARTMENTS, RESELECT_APARTMENT } from './Step1.graphql';

// Only a full house shows the waitlist's form: its code (and antd's) loads then.
const WaitlistJoin = lazy(() => import('./WaitlistJoin'));

export default function Step1() {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const failed = params.has('booking');
  const rentingId = params.get('rentingId');
  const [floorIndex, setFloorIndex] = useState(0);
  const [error, setError] = useState<Message | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const { data, loading, error: loadError } = useOperation(AVAILABLE_APARTMENTS);
  const [reselect, { loading: reselecting }] = useOperationMutation(RESELECT_APARTMENT);
  // The screen is drawn from the data in a deferred render, which React splits into short pieces
  // between which the browser can paint and react to input, instead of one long task when it arrives.
  const shown = useDeferredValue(data);

  const free = useMemo(() => {
    const map = new Map<number, boolean>();
    for (const a of shown?.availableApartments.apartmentBookable ?? []) map.set(a.apartmentId, a.free);
    return map;
  }, [shown]);

  if (loadError) return <ErrorAlert message={describeRequestError(loadError)} />;
  if (loading || (data && !shown)) return <Spinner />;
  const floors = shown?.availableApartments.building.floors ?? [];
  const floor = floors[floorIndex];
  const bookable = shown?.availableApartments.apartmentBookable ?? [];
  const full = !rentingId && bookable.length > 0 && bookable.every((a) => !a.free);

  const changeFloor = (step: number) => {
    setFloorIndex((i) => wrapFloor(i, step, floors.length));
    setSelectedId(null);
    setError(null);
  };

  const choose = async (apartmentId: number) => {
    if (!rentingId) return;
    setError(null);
    try {
      const result = await reselect({ request: { rentingId, apartmentId } });
      const outcome = interpretResult(result.reselectApartment);
      if (outcome.kind === 'ok') navigate(`/booking/step3done?rentingId=${encodeURIComponent(outcome.uuid)}`);
      else if (outcome.kind === 'exception')
        setError({
          key: 'errors.occurred',
          values: { message: t(`validation.${outcome.exception.messageId}`, exceptionValues(outcome.exception)) },
        });
      else setError({ key: 'errors.backend' });
    } catch (e) {
      setError(describeRequestError(e));
    }
  };

  return (
    <>
      <BookingSteps current={0} />
      {failed && (
        <Alert type="warning">
          <h2 style={{ fontSize: 16, margin: 0 }}>{t('booking.step1.failedTitle')}</h2>
          <p>{t('booking.step1.failedText')}</p>
        </Alert>
      )}
      <h1>{t('booking.step1.title')}</h1>
      <p>{t('booking.step1.semester', { name: shown?.availableApartments.bookableSemester.name ?? '' })}</p>
      {error && <ErrorAlert key={JSON.stringify(error)} message={error} focus />}
      {full && shown && (
        <Suspense fallback={<Spinner />}>
          <WaitlistJoin semesterId={shown.availableApartments.bookableSemester.id} floors={floors} />
        </Suspense>
      )}
      {!floor ? (
        <ErrorAlert message={{ key: 'errors.noFloor' }} />
      ) : (
        <>
          <div className="floor-switch">
            <button type="button" className="btn" aria-label={t('booking.step1.floorDown')} onClick={() => changeFloor(-1)}>
              ▼
            </button>
            <strong aria-live="polite" data-testid="floor-name">
              {t('booking.step1.floor')}: {floor.name}
            </strong>
            <button type="button" className="btn" aria-label={t('booking.step1.floorUp')} onClick={() => changeFloor(1)}>
              ▲
            </button>
          </div>
          <FloorPlan
            floorName={floor.name}
            plan={floor.plan}
            apartments={floor.apartments.map((a) => ({ ...a, free: free.get(a.id) === true }))}
            selectedId={selectedId}
            onSelect={(id) => {
              setSelectedId(id);
              document.getElementById(`apartment-card-${id}`)?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
            }}
          />
          {floor.apartments.length === 0 && <p>{t('booking.step1.noApartments')}</p>}
          <ul className="cards">
            {floor.apartments.map((a) => {
              const isFree = free.get(a.id) === true;
              const title = (
                <div className="card-title">
                  <span>{a.name}</span>
                  {isFree ? (
                    <span className="tag" style={FREE_TAG_STYLE}>
                      {t('booking.step1.free')}
                    </span>
                  ) : (
                    <span className="tag">{t('booking.step1.used')}</span>
                  )}
                </div>
              );
              const body = t('common.perMonth', { amount: formatMoney(a.pricePerMonth, lang) });
              return (
                <li
                  key={a.id}
                  id={`apartment-card-${a.id}`}
                  data-testid={`apartment-${a.id}`}
                  data-selected={a.id === selectedId}
                  style={a.id === selectedId ? { outline: `3px solid ${PRIMARY_COLOR}`, outlineOffset: 2, borderRadius: 8 } : undefined}
                >
                  {!isFree ? (
                    <div className="card card-disabled" aria-disabled="true">
                      {title}
                      <div className="card-body">{body}</div>
                    </div>
                  ) : rentingId ? (
                    <div className="card">
                      {title}
                      <div className="card-body">
                        <p>{body}</p>
                        <button type="button" className="btn btn-primary" disabled={reselecting} onClick={() => void choose(a.id)}>
                          {t('booking.step1.choose')}
                        </button>
                      </div>
                    </div>
                  ) : (
                    <Link
                      to={`/booking/step2?apartment-id=${a.id}`}
                      aria-label={`${t('booking.step1.choose')} ${a.name}`}
                      className="card-link"
                    >
                      <div className="card">
                        {title}
                        <div className="card-body">{body}</div>
                      </div>
                    </Link>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </>
  );
}
