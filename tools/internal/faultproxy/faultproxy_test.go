package faultproxy

import (
	"bufio"
	"net"
	"testing"
	"time"
)

// echoServer answers every line with the same line.
func echoServer(t *testing.T) string {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = lis.Close() })
	go func() {
		for {
			c, err := lis.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				r := bufio.NewReader(c)
				for {
					line, err := r.ReadString('\n')
					if err != nil {
						return
					}
					if _, err := c.Write([]byte(line)); err != nil {
						return
					}
				}
			}()
		}
	}()
	return lis.Addr().String()
}

func start(t *testing.T) *Proxy {
	t.Helper()
	p, err := Listen("127.0.0.1:0", echoServer(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = p.Close() })
	return p
}

// roundTrip sends a line on c and reads it back.
func roundTrip(c net.Conn) error {
	_ = c.SetDeadline(time.Now().Add(3 * time.Second))
	if _, err := c.Write([]byte("ping\n")); err != nil {
		return err
	}
	_, err := bufio.NewReader(c).ReadString('\n')
	return err
}

func dial(t *testing.T, p *Proxy) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", p.Addr())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return c
}

func TestProxy_forwardsUntilAFault(t *testing.T) {
	t.Parallel()
	p := start(t)
	if err := roundTrip(dial(t, p)); err != nil {
		t.Fatalf("through the proxy: %v", err)
	}
}

func TestProxy_latencyDelaysEachWay(t *testing.T) {
	t.Parallel()
	p := start(t)
	c := dial(t, p)
	p.Latency(150 * time.Millisecond)
	began := time.Now()
	if err := roundTrip(c); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(began); took < 300*time.Millisecond {
		t.Errorf("a round trip took %s, want at least twice the latency", took)
	}
	p.Heal()
	began = time.Now()
	if err := roundTrip(c); err != nil || time.Since(began) > 150*time.Millisecond {
		t.Errorf("after Heal: %v in %s", err, time.Since(began))
	}
}

func TestProxy_resetBreaksOpenConnectionsOnly(t *testing.T) {
	t.Parallel()
	p := start(t)
	c := dial(t, p)
	if err := roundTrip(c); err != nil {
		t.Fatal(err)
	}
	p.Reset()
	if err := roundTrip(c); err == nil {
		t.Error("an open connection survived the reset")
	}
	if err := roundTrip(dial(t, p)); err != nil {
		t.Errorf("a new connection after the reset: %v", err)
	}
}

func TestProxy_partitionRefusesUntilHealed(t *testing.T) {
	t.Parallel()
	p := start(t)
	open := dial(t, p)
	if err := roundTrip(open); err != nil {
		t.Fatal(err)
	}
	p.Partition()
	if err := roundTrip(open); err == nil {
		t.Error("an open connection survived the partition")
	}
	if err := roundTrip(dial(t, p)); err == nil {
		t.Error("a new connection went through the partition")
	}
	p.Heal()
	if err := roundTrip(dial(t, p)); err != nil {
		t.Errorf("after Heal: %v", err)
	}
}
