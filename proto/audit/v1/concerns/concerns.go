// Package concerns forms the keys that say whom an audit entry concerns (audit.Entry.Concerns), so
// that every service that records an entry and the one that asks for them (AuditLog.EntriesConcerning)
// spell a key alike.
package concerns

import "strconv"

// Renter is the key of the entries about one renter, e.g. "renter/7".
func Renter(renterID int64) string { return "renter/" + strconv.FormatInt(renterID, 10) }
