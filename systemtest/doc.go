// Package systemtest holds the tests that need several real services together, each started in
// process on a fresh database of its own through its exported test kit (`<svc>test`). A service's own
// tests use the fakes of its peers from proto/ instead; this module is the one place that depends on
// more than one service.
package systemtest
