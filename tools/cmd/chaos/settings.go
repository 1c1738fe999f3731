package main

import (
	"fmt"
	"time"
)

// timing is what the harness shortens of the system's settings, so that the flows that wait happen
// within a run: the reminders, the waitlist's offers and the retention jobs.
type timing struct {
	jobInterval       time.Duration // JOB_INTERVAL: the renting job (reminders, waitlist, forgetting requests)
	reminderAfter     time.Duration // EMAIL_, CONTRACT_, PAYMENT_ and RENEWAL_REMINDER_AFTER
	offerValidity     time.Duration // WAITLIST_OFFER_VALIDITY (1 min at least)
	requestRetention  time.Duration // UNCONFIRMED_REQUEST_RETENTION
	idCopyRetention   time.Duration // ID_COPY_RETENTION
	retentionInterval time.Duration // RETENTION_INTERVAL: the document service's job
}

var settings = timing{
	jobInterval: 2 * time.Second, reminderAfter: 20 * time.Second, offerValidity: time.Minute,
	requestRetention: 30 * time.Second, idCopyRetention: 30 * time.Second, retentionInterval: 2 * time.Second,
}

// lateBy is how long after its time a job's work may come under faults before the harness counts it
// missing: a killed service's or PostgreSQL's recovery and the consumers' back-off, with room.
const lateBy = 90 * time.Second

// env is the settings as devstack passes them on to the services.
func (t timing) env() []string {
	return []string{
		"JOB_INTERVAL=" + t.jobInterval.String(),
		"EMAIL_REMINDER_AFTER=" + t.reminderAfter.String(),
		"CONTRACT_REMINDER_AFTER=" + t.reminderAfter.String(),
		"PAYMENT_REMINDER_AFTER=" + t.reminderAfter.String(),
		"RENEWAL_REMINDER_AFTER=" + t.reminderAfter.String(),
		// The renewal reminder's window open a year before the deadline: the run's renewals are
		// offered now, and are reminded reminderAfter later like the other steps.
		"RENEWAL_REMINDER_DAYS=366",
		"WAITLIST_OFFER_VALIDITY=" + t.offerValidity.String(),
		"UNCONFIRMED_REQUEST_RETENTION=" + t.requestRetention.String(),
		"ID_COPY_RETENTION=" + t.idCopyRetention.String(),
		"RETENTION_INTERVAL=" + t.retentionInterval.String(),
	}
}

func (t timing) String() string {
	return fmt.Sprintf("job every %s, reminders after %s, offers valid %s, unconfirmed requests kept %s, ID copies kept %s (checked every %s)",
		t.jobInterval, t.reminderAfter, t.offerValidity, t.requestRetention, t.idCopyRetention, t.retentionInterval)
}
