// Package clientaddr tells which client sent a request: the TCP peer, or, when the peer is a
// configured trusted proxy (the Ingress, a load balancer), the address that proxy saw, read from
// X-Forwarded-For. Limits per client address count by what this package answers, so a client must
// not be able to choose it: an X-Forwarded-For from an untrusted peer is ignored.
package clientaddr

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Resolver finds the client address of requests behind a set of trusted proxies.
type Resolver struct {
	trusted []netip.Prefix
}

// NewResolver trusts the proxies in cidrs ("10.0.0.0/8", "192.168.1.7"); none trusted means
// every request's client is its TCP peer.
func NewResolver(cidrs []string) (*Resolver, error) {
	r := &Resolver{}
	for _, cidr := range cidrs {
		cidr = strings.TrimSpace(cidr)
		if cidr == "" {
			continue
		}
		prefix, err := parsePrefix(cidr)
		if err != nil {
			return nil, fmt.Errorf("trusted proxy %q: want an address or CIDR", cidr)
		}
		r.trusted = append(r.trusted, prefix)
	}
	return r, nil
}

func parsePrefix(cidr string) (netip.Prefix, error) {
	if strings.Contains(cidr, "/") {
		prefix, err := netip.ParsePrefix(cidr)
		return prefix.Masked(), err
	}
	addr, err := netip.ParseAddr(cidr)
	if err != nil {
		return netip.Prefix{}, err
	}
	return netip.PrefixFrom(addr.Unmap(), addr.Unmap().BitLen()), nil
}

// Address is the client of r. X-Forwarded-For is walked from the right, the entry each proxy
// appended: while the hop that delivered the request is trusted, the entry before it is believed.
// The first untrusted hop is the client; entries left of it are whatever the client wrote.
func (res *Resolver) Address(r *http.Request) netip.Addr {
	hop := peer(r)
	if !res.isTrusted(hop) {
		return hop
	}
	forwarded := forwardedFor(r)
	for i := len(forwarded) - 1; i >= 0; i-- {
		addr, err := netip.ParseAddr(strings.TrimSpace(forwarded[i]))
		if err != nil {
			return hop // garbage a trusted proxy passed on: the last hop we can vouch for
		}
		hop = addr.Unmap()
		if !res.isTrusted(hop) {
			return hop
		}
	}
	return hop
}

func (res *Resolver) isTrusted(addr netip.Addr) bool {
	for _, prefix := range res.trusted {
		if prefix.Contains(addr) {
			return true
		}
	}
	return false
}

// peer is the TCP peer's address; the zero Addr only for a RemoteAddr that is no address (tests).
func peer(r *http.Request) netip.Addr {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	addr, _ := netip.ParseAddr(host)
	return addr.Unmap()
}

// forwardedFor is every entry of every X-Forwarded-For header, in order.
func forwardedFor(r *http.Request) []string {
	var entries []string
	for _, header := range r.Header.Values("X-Forwarded-For") {
		entries = append(entries, strings.Split(header, ",")...)
	}
	return entries
}

// LimitKey is the part of addr that limits count by: the address for IPv4, the /64 network for
// IPv6, since one subscriber is routinely given a whole /64.
func LimitKey(addr netip.Addr) string {
	if addr.Is6() {
		prefix, _ := addr.Prefix(64)
		return prefix.String()
	}
	return addr.String()
}
