package procfs

import (
	"net"
	"os"
	"os/exec"
	"testing"
	"time"
)

func TestRead_findsThisProcessAndItsChildWithTheirNamesAndMemory(t *testing.T) {
	child := exec.Command("sleep", "30")
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = child.Process.Kill(); _ = child.Wait() })

	// The child is started, but it may still be between fork and exec (its name or arguments not
	// yet sleep's): read again until it runs sleep, for a while.
	procs := Read()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); procs = Read() {
		if p, ok := procs[child.Process.Pid]; ok && p.Name == "sleep" && len(p.Args) == 2 {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	self, ok := procs[os.Getpid()]
	if !ok || self.Parent != os.Getppid() || self.RSSKB <= 0 || self.PeakKB < self.RSSKB || self.Name == "" {
		t.Fatalf("this process: %+v", self)
	}
	below := Descendants(procs, os.Getpid())
	sleeper, ok := below[child.Process.Pid]
	if !ok || sleeper.Name != "sleep" || len(sleeper.Args) != 2 || sleeper.Args[1] != "30" {
		t.Errorf("the child: %+v (found %v)", sleeper, ok)
	}
	if children := Children(procs, os.Getpid()); len(children) != 1 || children[0].PID != child.Process.Pid {
		t.Errorf("children: %+v", children)
	}
}

func TestListening_findsTheProcessOnAPortAndNoneOnAFreeOne(t *testing.T) {
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := listener.Addr().(*net.TCPAddr).Port
	if pid := Listening(port); pid != os.Getpid() {
		t.Errorf("port %d: process %d, want this one (%d)", port, pid, os.Getpid())
	}
	listener.Close()
	if pid := Listening(port); pid != 0 {
		t.Errorf("port %d after closing: process %d, want none", port, pid)
	}
}

func TestListeningInodes_onlyListeningSocketsOnThePort(t *testing.T) {
	table := `  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 0100007F:25D0 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 111 1 0000000000000000 100 0 0 10 0
   1: 0100007F:25D0 0100007F:9C40 01 00000000:00000000 00:00000000 00000000     0        0 222 1 0000000000000000 20 4 30 10 -1
   2: 0100007F:25D1 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 333 1 0000000000000000 100 0 0 10 0
`
	got := listeningInodes(table, 0x25D0)
	if len(got) != 1 || got[0] != "111" {
		t.Errorf("inodes on port %d: %v, want [111] (the established connection and the other port are not it)", 0x25D0, got)
	}
}
