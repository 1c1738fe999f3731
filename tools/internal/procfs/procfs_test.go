package procfs

import (
	"os"
	"os/exec"
	"testing"
)

func TestRead_findsThisProcessAndItsChildWithTheirNamesAndMemory(t *testing.T) {
	child := exec.Command("sleep", "30")
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = child.Process.Kill(); _ = child.Wait() })

	procs := Read()
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
