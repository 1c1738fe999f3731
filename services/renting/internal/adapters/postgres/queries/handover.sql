-- name: InsertHandover :exec
INSERT INTO handover (renting_id, handover_date, meter_names, meter_values, deposit_renting_id, deposit_cents,
                      status, answer_deadline, settlement_deadline, recorded_at, actor)
VALUES (@renting_id, @handover_date, @meter_names, @meter_values, @deposit_renting_id, @deposit_cents,
        @status, @answer_deadline, @settlement_deadline, @recorded_at, @actor);

-- name: InsertHandoverDamage :exec
INSERT INTO handover_damage (renting_id, position, description, amount_cents, photo_document_ids)
VALUES (@renting_id, @position, @description, @amount_cents, @photo_document_ids);

-- name: GetHandover :one
SELECT * FROM handover WHERE renting_id = @renting_id;

-- name: LockHandover :one
SELECT * FROM handover WHERE renting_id = @renting_id FOR UPDATE;

-- name: ListHandoversOfRenter :many
-- The handovers of the renter's rentings, in the order of their rentings (oldest first).
SELECT h.* FROM handover h JOIN renting r ON r.id = h.renting_id
WHERE r.renter_id = @renter_id
ORDER BY r.created_at, r.id;

-- name: ListUnsettledHandovers :many
SELECT * FROM handover WHERE status <> 'SETTLED' ORDER BY recorded_at;

-- name: ListHandoverDamages :many
SELECT * FROM handover_damage WHERE renting_id = ANY(sqlc.arg(renting_ids)::uuid[]) ORDER BY renting_id, position;

-- name: UpdateHandover :exec
-- The renter's answer and the office's settlement; what was recorded stays as it is.
UPDATE handover SET status = @status, dispute_reason = @dispute_reason, answered_at = @answered_at,
    settlement_method = @settlement_method, refund_cents = @refund_cents, bank_reference = @bank_reference,
    settled_at = @settled_at, settled_by = @settled_by
WHERE renting_id = @renting_id;

-- name: WaiveHandoverDamages :exec
UPDATE handover_damage SET waived = true
WHERE renting_id = @renting_id AND position = ANY(sqlc.arg(positions)::integer[]);

-- name: ListHandoverRemindersDue :many
-- The unanswered handovers whose answer deadline is within from … to and whose renter was not
-- reminded of them yet.
SELECT h.* FROM handover h
WHERE h.status = 'RECORDED' AND h.answer_deadline BETWEEN @deadline_from AND @deadline_to
  AND NOT EXISTS (SELECT FROM renting_reminder m WHERE m.renting_id = h.renting_id AND m.step = 'ANSWER_HANDOVER')
ORDER BY h.recorded_at;
