package service

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
)

type testConfig struct {
	Settings
	Extra string
}

func load() (testConfig, error) {
	return testConfig{Settings: Settings{LogLevel: "error", LogFormat: "text"}, Extra: "x"}, nil
}

func TestRun_dispatchesTheNamedCommandWithTheLoadedSettings(t *testing.T) {
	var got string
	commands := map[string]Command[testConfig]{
		"serve": func(_ context.Context, cfg testConfig, logger *slog.Logger) error {
			got = "serve " + cfg.Extra
			return nil
		},
		"migrate": func(context.Context, testConfig, *slog.Logger) error { return errors.New("migration failed") },
		"import FILE": func(ctx context.Context, _ testConfig, _ *slog.Logger) error {
			got = "import " + strings.Join(Args(ctx), ",")
			return nil
		},
	}
	if err := run("renting", []string{"serve"}, load, commands); err != nil || got != "serve x" {
		t.Errorf("serve: %v, ran %q", err, got)
	}
	if err := run("renting", []string{"migrate"}, load, commands); err == nil || err.Error() != "migration failed" {
		t.Errorf("migrate: %v", err)
	}
	if err := run("renting", []string{"import", "building.yaml"}, load, commands); err != nil || got != "import building.yaml" {
		t.Errorf("import: %v, ran %q", err, got)
	}
	for _, args := range [][]string{nil, {"serve", "extra"}, {"seed"}, {"import"}, {"import", "a", "b"}} {
		err := run("renting", args, load, commands)
		if err == nil || !strings.Contains(err.Error(), "usage: renting import FILE | migrate | serve") {
			t.Errorf("%v: %v, want the usage", args, err)
		}
	}
}

func TestRun_settingsAreLoadedOnlyForAKnownCommand(t *testing.T) {
	failing := func() (testConfig, error) { return testConfig{}, errors.New("DATABASE_URL is missing") }
	commands := map[string]Command[testConfig]{"serve": func(context.Context, testConfig, *slog.Logger) error { return nil }}
	if err := run("catalog", []string{"serve"}, failing, commands); err == nil || !strings.Contains(err.Error(), "DATABASE_URL") {
		t.Errorf("got %v, want the settings error", err)
	}
}

func quietLogger() *slog.Logger { return slog.New(slog.DiscardHandler) }
