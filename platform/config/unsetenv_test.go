package config_test

import (
	"os"
	"testing"
)

// unsetenv removes k for the rest of the test; t.Setenv before it restores the old value afterwards.
func unsetenv(t *testing.T, k string) {
	t.Helper()
	if err := os.Unsetenv(k); err != nil {
		t.Fatal(err)
	}
}
