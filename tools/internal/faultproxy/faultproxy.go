// Package faultproxy is a TCP proxy that puts network faults between a process and the server it
// talks to: latency, connection resets and partitions, switched on and off while traffic flows.
package faultproxy

import (
	"net"
	"sync"
	"time"
)

// Proxy forwards every connection to its target, through the fault switched on at the moment.
type Proxy struct {
	lis    net.Listener
	target string

	mu          sync.Mutex
	partitioned bool
	latency     time.Duration
	conns       map[net.Conn]struct{}
}

// Listen starts a proxy on addr (127.0.0.1:0 picks a free port) in front of target.
func Listen(addr, target string) (*Proxy, error) {
	lis, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	p := &Proxy{lis: lis, target: target, conns: map[net.Conn]struct{}{}}
	go p.serve()
	return p, nil
}

// Addr is the proxy's host:port.
func (p *Proxy) Addr() string { return p.lis.Addr().String() }

// Close stops the proxy and drops its connections.
func (p *Proxy) Close() error {
	err := p.lis.Close()
	p.Reset()
	return err
}

// Partition drops every connection and refuses new ones until Heal, as a network partition would.
func (p *Proxy) Partition() {
	p.mu.Lock()
	p.partitioned = true
	p.mu.Unlock()
	p.Reset()
}

// Latency delays every chunk of data in both directions by d from now on (0: none).
func (p *Proxy) Latency(d time.Duration) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.latency = d
}

// Reset closes every open connection with a TCP reset; new connections go through.
func (p *Proxy) Reset() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for c := range p.conns {
		if tcp, ok := c.(*net.TCPConn); ok {
			_ = tcp.SetLinger(0) // close sends RST instead of FIN
		}
		_ = c.Close()
		delete(p.conns, c)
	}
}

// Heal removes every fault: no partition, no latency.
func (p *Proxy) Heal() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.partitioned, p.latency = false, 0
}

func (p *Proxy) serve() {
	for {
		client, err := p.lis.Accept()
		if err != nil {
			return
		}
		go p.forward(client)
	}
}

func (p *Proxy) forward(client net.Conn) {
	p.mu.Lock()
	partitioned := p.partitioned
	p.mu.Unlock()
	if partitioned {
		_ = client.Close()
		return
	}
	server, err := net.DialTimeout("tcp", p.target, 5*time.Second)
	if err != nil {
		_ = client.Close()
		return
	}
	p.mu.Lock()
	if p.partitioned {
		p.mu.Unlock()
		_ = client.Close()
		_ = server.Close()
		return
	}
	p.conns[client], p.conns[server] = struct{}{}, struct{}{}
	p.mu.Unlock()
	done := func(c net.Conn) {
		_ = c.Close()
		p.mu.Lock()
		delete(p.conns, c)
		p.mu.Unlock()
	}
	go func() { p.copy(server, client); done(server) }()
	go func() { p.copy(client, server); done(client) }()
}

// copy moves data from src to dst, each chunk after the latency of the moment.
func (p *Proxy) copy(dst, src net.Conn) {
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			p.mu.Lock()
			delay := p.latency
			p.mu.Unlock()
			if delay > 0 {
				time.Sleep(delay)
			}
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return // EOF or a closed connection: done either way
		}
	}
}
