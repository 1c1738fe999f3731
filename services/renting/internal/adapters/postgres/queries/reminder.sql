-- name: ListRemindersDue :many
-- The rentings of the semesters in the state since before entered_before (their last entry of it in
-- the log) that were not reminded of the step yet.
SELECT r.* FROM renting r
WHERE r.state = @state
  AND r.semester_id = ANY(sqlc.arg(semester_ids)::integer[])
  AND (SELECT max(l.at) FROM renting_log l WHERE l.renting_id = r.id AND l.state = r.state) < @entered_before
  AND NOT EXISTS (SELECT FROM renting_reminder m WHERE m.renting_id = r.id AND m.step = @step)
ORDER BY r.created_at;

-- name: InsertReminder :one
-- Only the first caller finds the renting still in the state and not reminded yet; any other (another
-- replica, or a renting that moved on meanwhile) gets no row.
INSERT INTO renting_reminder (renting_id, step, sent_at)
SELECT r.id, @step, @sent_at FROM renting r WHERE r.id = @renting_id AND r.state = @state FOR UPDATE
ON CONFLICT DO NOTHING
RETURNING renting_id;
