// Package systemtest helps tests that drive the running system from outside, as a student or an admin
// would: find the repository, book an apartment through GraphQL with real document scans, and catch
// the mails the system sends.
package systemtest
