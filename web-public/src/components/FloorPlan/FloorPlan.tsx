import { useTranslation } from 'react-i18next';

export interface PlanApartment {
  id: number;
  name: string;
  x: number;
  y: number;
  free: boolean;
}

/** The floor's plan drawing (its address from the building file) with a marker per apartment at its fractional position. */
export function FloorPlan({
  floorName,
  plan,
  apartments,
  selectedId,
  onSelect,
}: {
  floorName: string;
  plan: string;
  apartments: PlanApartment[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="floor-plan" data-testid="floor-plan">
      {/* The plans are drawn at 600 × 400: the box is reserved before the drawing arrives. */}
      <img
        src={plan}
        alt={t('booking.step1.plan', { name: floorName })}
        width={600}
        height={400}
        fetchPriority="high"
      />
      {apartments.map((a) => {
        const selected = a.id === selectedId;
        return (
          <button
            key={a.id}
            type="button"
            disabled={!a.free}
            aria-pressed={selected}
            aria-label={`${a.name}: ${a.free ? t('booking.step1.free') : t('booking.step1.used')}`}
            onClick={() => onSelect(a.id)}
            style={{
              position: 'absolute',
              left: `${a.x * 100}%`,
              top: `${a.y * 100}%`,
              transform: 'translate(-50%, -50%)',
              minWidth: 44,
              minHeight: 32,
              borderRadius: 16,
              border: selected ? '3px solid #1f1f1f' : '1px solid #1f1f1f',
              background: a.free ? (selected ? '#0b57b8' : '#1e6e3a') : '#6b6b6b',
              color: '#fff',
              fontWeight: 600,
              cursor: a.free ? 'pointer' : 'not-allowed',
            }}
          >
            {a.name}
          </button>
        );
      })}
    </div>
  );
}
