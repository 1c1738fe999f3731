package events

// SeveralFiltersSupported lets the external tests skip what an old server cannot do.
var SeveralFiltersSupported = severalFiltersSupported
