package clientaddr

import (
	"net/http/httptest"
	"net/netip"
	"testing"
)

func TestAddress_forwardedForIsBelievedOnlyFromTrustedProxies(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		trusted   []string
		peer      string
		forwarded []string
		want      string
	}{
		{"no proxy trusted: a spoofed header is ignored", nil, "203.0.113.9:5000", []string{"198.51.100.1"}, "203.0.113.9"},
		{"untrusted peer behind trusted settings: its header is ignored", []string{"10.0.0.0/8"}, "203.0.113.9:5000", []string{"10.1.1.1"}, "203.0.113.9"},
		{"the Ingress's entry is the client", []string{"10.0.0.0/8"}, "10.0.0.5:5000", []string{"198.51.100.1"}, "198.51.100.1"},
		{"entries the client wrote left of it are ignored", []string{"10.0.0.0/8"}, "10.0.0.5:5000", []string{"1.2.3.4, 198.51.100.1"}, "198.51.100.1"},
		{"a chain of trusted proxies is skipped", []string{"10.0.0.0/8", "192.168.0.1"}, "10.0.0.5:5000", []string{"1.2.3.4, 198.51.100.1, 192.168.0.1", "10.2.2.2"}, "198.51.100.1"},
		{"trusted peer without the header is the client", []string{"10.0.0.0/8"}, "10.0.0.5:5000", nil, "10.0.0.5"},
		{"garbage from a trusted proxy stops at the last trusted hop", []string{"10.0.0.0/8"}, "10.0.0.5:5000", []string{"unknown"}, "10.0.0.5"},
		{"all entries trusted: the leftmost", []string{"10.0.0.0/8"}, "10.0.0.5:5000", []string{"10.9.9.9"}, "10.9.9.9"},
		{"IPv6 peer", nil, "[2001:db8::1]:5000", nil, "2001:db8::1"},
		{"IPv4-mapped IPv6 peer is its IPv4 address", []string{"10.0.0.0/8"}, "[::ffff:10.0.0.5]:5000", []string{"198.51.100.1"}, "198.51.100.1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			resolver, err := NewResolver(tt.trusted)
			if err != nil {
				t.Fatal(err)
			}
			r := httptest.NewRequest("GET", "/", nil)
			r.RemoteAddr = tt.peer
			for _, header := range tt.forwarded {
				r.Header.Add("X-Forwarded-For", header)
			}
			if got := resolver.Address(r); got != netip.MustParseAddr(tt.want) {
				t.Errorf("Address = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestNewResolver_refusesWhatIsNoAddressOrCIDR(t *testing.T) {
	t.Parallel()
	for _, bad := range []string{"10.0.0.0/33", "proxy.local", "10.0.0"} {
		if _, err := NewResolver([]string{bad}); err == nil {
			t.Errorf("NewResolver(%q) accepted it", bad)
		}
	}
}

func TestLimitKey_countsAnIPv6ClientByIts64(t *testing.T) {
	t.Parallel()
	a, b := netip.MustParseAddr("2001:db8:1:2::1"), netip.MustParseAddr("2001:db8:1:2:ffff::9")
	if LimitKey(a) != LimitKey(b) {
		t.Errorf("two addresses of one /64 count apart: %s, %s", LimitKey(a), LimitKey(b))
	}
	if got := LimitKey(netip.MustParseAddr("198.51.100.1")); got != "198.51.100.1" {
		t.Errorf("LimitKey(IPv4) = %s", got)
	}
}
