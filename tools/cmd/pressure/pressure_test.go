package main

import (
	"bytes"
	"image"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"semesterhaus/platform/workspace"
)

func TestReadLimits_everyGoProcessHasItsDeploymentsLimit(t *testing.T) {
	root, err := workspace.Root()
	if err != nil {
		t.Fatal(err)
	}
	l, err := readLimits(filepath.Join(root, "deploy", "base"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range goProcesses {
		if l[name].bytes < 64<<20 || l[name].goMemLimit == "" {
			t.Errorf("%s: %+v, want its Deployment's memory limit and GOMEMLIMIT", name, l[name])
		}
	}
	// The document service's GOMEMLIMIT is a value of its own, below its limit; the others' is the limit.
	if doc := l["document"]; doc.goMemLimit != "384MiB" || doc.bytes != 768<<20 {
		t.Errorf("document: %+v, want GOMEMLIMIT 384MiB under a limit of 768Mi (deploy/base/document.yaml)", doc)
	}
	if gw := l["gateway"]; gw.goMemLimit != strconv.FormatInt(gw.bytes, 10) {
		t.Errorf("gateway: %+v, want GOMEMLIMIT from the limit (downward API)", gw)
	}
	if env := l.environment(); !slices.Contains(env, "DOCUMENT_MEMORY_LIMIT=384MiB") {
		t.Errorf("environment %v, want DOCUMENT_MEMORY_LIMIT=384MiB", env)
	}
}

func TestParseBytes(t *testing.T) {
	for quantity, want := range map[string]int64{"512Mi": 512 << 20, "1Gi": 1 << 30, "64Ki": 64 << 10, "1000": 1000} {
		if got, err := parseBytes(quantity); err != nil || got != want {
			t.Errorf("parseBytes(%q) = %d, %v; want %d", quantity, got, err, want)
		}
	}
	for _, bad := range []string{"", "512M", "-1Mi", "Mi", "1.5Gi"} {
		if _, err := parseBytes(bad); err == nil {
			t.Errorf("parseBytes(%q) took it", bad)
		}
	}
}

func TestCorpus_bombsClaimTheirSizeAndTheLargePicturesAreTheLargestAllowed(t *testing.T) {
	for _, format := range []string{"png", "jpeg"} {
		small, err := flatPicture(format, 16)
		if err != nil {
			t.Fatal(err)
		}
		bomb := pngClaiming(small, bombSide)
		if format == "jpeg" {
			bomb = jpegClaiming(small, bombSide)
		}
		config, got, err := image.DecodeConfig(bytes.NewReader(bomb))
		if err != nil || got != format || config.Width != bombSide || config.Height != bombSide {
			t.Errorf("%s bomb: %s %dx%d, %v; want %s %dx%d", format, got, config.Width, config.Height, err, format, bombSide, bombSide)
		}
		if len(bomb) > 2048 {
			t.Errorf("%s bomb is %d bytes: want a small file", format, len(bomb))
		}
	}
	large, err := flatPicture("png", largestSide)
	if err != nil {
		t.Fatal(err)
	}
	config, err := decodeConfig(large)
	if err != nil || config.Width*config.Height != 25_000_000 {
		t.Errorf("large picture %dx%d, %v: want 25 MP", config.Width, config.Height, err)
	}
}

func decodeConfig(b []byte) (image.Config, error) {
	c, _, err := image.DecodeConfig(bytes.NewReader(b))
	return c, err
}

func TestMemory_overNamesWhoPassedTheLimitHadNoneOrDidNotRun(t *testing.T) {
	m := memory{
		{name: "gateway", peakKB: 100 << 10, limitBytes: 512 << 20, found: true},
		{name: "document", peakKB: 800 << 10, limitBytes: 768 << 20, found: true},
		{name: "catalog", peakKB: 10 << 10, found: true},
		{name: "payment", limitBytes: 256 << 20},
	}
	got := m.over()
	want := []string{"document", "catalog", "payment"}
	if len(got) != len(want) {
		t.Fatalf("over() = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("over() = %v, want %v", got, want)
		}
	}
}
