package observability

import (
	"bufio"
	"net"
	"strings"
	"testing"
)

// startMailSink accepts every mail over SMTP and forgets it: the services need a mail server, the
// test none of the mails.
func startMailSink(t *testing.T) string {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = lis.Close() })
	go func() {
		for {
			conn, err := lis.Accept()
			if err != nil {
				return
			}
			go serveSMTP(conn)
		}
	}()
	return lis.Addr().String()
}

func serveSMTP(conn net.Conn) {
	defer conn.Close()
	in := bufio.NewReader(conn)
	reply := func(s string) bool { _, err := conn.Write([]byte(s + "\r\n")); return err == nil }
	reply("220 sink ESMTP")
	for {
		line, err := in.ReadString('\n')
		if err != nil {
			return
		}
		verb := strings.ToUpper(strings.Fields(line + " x")[0])
		switch verb {
		case "EHLO":
			reply("250-sink")
			reply("250 8BITMIME")
		case "DATA":
			reply("354 go on")
			for {
				l, err := in.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" || l == ".\n" {
					break
				}
			}
			reply("250 kept")
		case "QUIT":
			reply("221 bye")
			return
		default: // HELO, MAIL, RCPT, RSET, NOOP
			reply("250 ok")
		}
	}
}
