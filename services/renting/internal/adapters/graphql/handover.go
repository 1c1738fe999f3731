package graphql

import (
	"strconv"

	"semesterhaus/platform/graphqlx/scalar"
	"semesterhaus/services/renting/internal/adapters/graphql/model"
	"semesterhaus/services/renting/internal/domain"
)

// toDomainHandover reads the office's handover form; the photos' base64 is decoded here (a text
// that is no base64 is "invalid" at damages.<i>.photos.<j>), their contents checked by the document
// service.
func toDomainHandover(in model.HandoverInput) (domain.HandoverInput, error) {
	handover := domain.HandoverInput{Date: in.Date}
	for _, m := range in.MeterReadings {
		handover.MeterReadings = append(handover.MeterReadings, domain.MeterReading{Meter: m.Meter, Value: m.Value})
	}
	for i, d := range in.Damages {
		damage := domain.DamageInput{Description: d.Description, AmountCents: int64(d.AmountCents)}
		for j, photo := range d.Photos {
			content, err := decodeUpload("damages."+strconv.Itoa(i)+".photos."+strconv.Itoa(j), photo)
			if err != nil {
				return domain.HandoverInput{}, err
			}
			damage.Photos = append(damage.Photos, content)
		}
		handover.Damages = append(handover.Damages, damage)
	}
	return handover, nil
}

func toGraphHandover(h *domain.Handover) *model.Handover {
	if h == nil {
		return nil
	}
	out := &model.Handover{
		RentingID: h.RentingID, Date: scalar.Date(h.Date), MeterReadings: []*model.MeterReading{}, Damages: []*model.Damage{},
		DepositCents: int(h.DepositCents), DeductionsCents: int(h.DeductionsCents()), RefundCents: int(h.RefundCents()),
		Status: model.HandoverStatus(h.Status), AnswerDeadline: scalar.Date(h.AnswerDeadline), DisputeReason: nonEmpty(h.DisputeReason),
		AnsweredAt: toGraphTime(h.AnsweredAt), SettlementDeadline: scalar.Date(h.SettlementDeadline), RecordedAt: scalar.DateTime(h.RecordedAt),
	}
	for _, m := range h.MeterReadings {
		out.MeterReadings = append(out.MeterReadings, &model.MeterReading{Meter: m.Meter, Value: m.Value})
	}
	for _, d := range h.Damages {
		damage := &model.Damage{Description: d.Description, AmountCents: int(d.AmountCents), Photos: []*model.HandoverPhoto{}, Waived: d.Waived}
		for _, id := range d.PhotoIDs {
			damage.Photos = append(damage.Photos, &model.HandoverPhoto{DocumentID: id})
		}
		out.Damages = append(out.Damages, damage)
	}
	if s := h.Settlement; s != nil {
		out.Settlement = &model.DepositSettlement{
			Method: model.DepositSettlementMethod(s.Method), RefundCents: int(s.RefundCents),
			BankReference: nonEmpty(s.BankReference), SettledAt: scalar.DateTime(s.SettledAt),
		}
	}
	return out
}

// handoversOf are the handovers of the page's bookings, in the bookings' order (oldest first).
func handoversOf(bookings []domain.Booking) []*model.Handover {
	handovers := []*model.Handover{}
	for _, b := range bookings {
		if b.Handover != nil {
			handovers = append(handovers, toGraphHandover(b.Handover))
		}
	}
	return handovers
}
