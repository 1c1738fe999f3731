package config_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"semesterhaus/platform/config"
)

type settings struct {
	DatabaseURL config.Secret `env:"DATABASE_URL,required"`
	NATSURL     string        `env:"NATS_URL,required"`
	HTTPAddr    string        `env:"HTTP_ADDR" envDefault:":8101"`
	Production  bool          `env:"PRODUCTION"`
}

// Not parallel: t.Setenv changes the process environment.
func TestLoad(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		want    settings
		wantErr []string // every one of these must be named in the error
	}{
		{
			name: "all set, default applied",
			env:  map[string]string{"DATABASE_URL": "postgres://u:pw@db/x", "NATS_URL": "nats://n"},
			want: settings{DatabaseURL: "postgres://u:pw@db/x", NATSURL: "nats://n", HTTPAddr: ":8101"},
		},
		{
			name: "override default",
			env:  map[string]string{"DATABASE_URL": "d", "NATS_URL": "n", "HTTP_ADDR": ":9", "PRODUCTION": "true"},
			want: settings{DatabaseURL: "d", NATSURL: "n", HTTPAddr: ":9", Production: true},
		},
		{
			name:    "missing variables are all named",
			env:     map[string]string{},
			wantErr: []string{"DATABASE_URL", "NATS_URL"},
		},
		{
			name:    "malformed value is named",
			env:     map[string]string{"DATABASE_URL": "d", "NATS_URL": "n", "PRODUCTION": "maybe"},
			wantErr: []string{"PRODUCTION"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, k := range []string{"DATABASE_URL", "NATS_URL", "HTTP_ADDR", "PRODUCTION"} {
				t.Setenv(k, tt.env[k])
				if _, ok := tt.env[k]; !ok {
					unsetenv(t, k)
				}
			}
			got, err := config.Load[settings]()
			if tt.wantErr != nil {
				if err == nil {
					t.Fatal("Load succeeded")
				}
				for _, name := range tt.wantErr {
					if !strings.Contains(err.Error(), name) {
						t.Errorf("error %q does not name %s", err, name)
					}
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("Load = %+v, %v; want %+v", got, err, tt.want)
			}
		})
	}
}

func TestSecret_neverPrinted(t *testing.T) {
	t.Parallel()
	const value = "hunter2"
	s := settings{DatabaseURL: value}
	var logText, logJSON bytes.Buffer
	slog.New(slog.NewTextHandler(&logText, nil)).Info("cfg", "url", s.DatabaseURL, "cfg", s)
	slog.New(slog.NewJSONHandler(&logJSON, nil)).Info("cfg", "url", s.DatabaseURL, "cfg", s)
	js, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	outputs := map[string]string{
		"%v":        fmt.Sprintf("%v", s),
		"%+v":       fmt.Sprintf("%+v", s),
		"%#v":       fmt.Sprintf("%#v", s),
		"%s secret": fmt.Sprintf("%s", s.DatabaseURL),
		"json":      string(js),
		"slog text": logText.String(),
		"slog json": logJSON.String(),
	}
	for name, out := range outputs {
		if strings.Contains(out, value) || !strings.Contains(out, "****") {
			t.Errorf("%s shows the secret or no mask: %s", name, out)
		}
	}
	if s.DatabaseURL.Reveal() != value {
		t.Errorf("Reveal = %q", s.DatabaseURL.Reveal())
	}
}
