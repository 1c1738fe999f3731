package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// limit is a container's memory limit, what the cluster kills it at, and the GOMEMLIMIT its
// Deployment gives it: the limit itself (downward API) or a value of its own below it.
type limit struct {
	bytes      int64
	goMemLimit string
}

// limits are the memory limits of the Deployments in deploy/base, by container name (gateway,
// catalog, …).
type limits map[string]limit

// deployment is what this command reads of a Deployment.
type deployment struct {
	Kind string
	Spec struct {
		Template struct {
			Spec struct {
				Containers []struct {
					Name string
					Env  []struct {
						Name      string
						Value     string
						ValueFrom struct {
							ResourceFieldRef struct{ Resource string } `yaml:"resourceFieldRef"`
						} `yaml:"valueFrom"`
					}
					Resources struct {
						Limits   map[string]string
						Requests map[string]string
					}
				}
			}
		}
	}
}

func readLimits(dir string) (limits, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil {
		return nil, err
	}
	found := limits{}
	for _, file := range files {
		if err := found.readFile(file); err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
	}
	if len(found) == 0 {
		return nil, fmt.Errorf("no Deployment with a memory limit in %s", dir)
	}
	return found, nil
}

func (l limits) readFile(file string) error {
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	decoder := yaml.NewDecoder(f)
	for {
		var d deployment
		err := decoder.Decode(&d)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if d.Kind != "Deployment" {
			continue
		}
		for _, c := range d.Spec.Template.Spec.Containers {
			memory, ok := c.Resources.Limits["memory"]
			if !ok {
				continue
			}
			bytes, err := parseBytes(memory)
			if err != nil {
				return fmt.Errorf("container %s: %w", c.Name, err)
			}
			found := limit{bytes: bytes}
			for _, e := range c.Env {
				switch {
				case e.Name != "GOMEMLIMIT":
				case e.Value != "":
					found.goMemLimit = e.Value
				case e.ValueFrom.ResourceFieldRef.Resource == "limits.memory":
					found.goMemLimit = strconv.FormatInt(bytes, 10)
				}
			}
			l[c.Name] = found
		}
	}
}

// environment gives each process devstack starts the GOMEMLIMIT of its Deployment
// (<NAME>_MEMORY_LIMIT).
func (l limits) environment() []string {
	var env []string
	for name, found := range l {
		if found.goMemLimit != "" {
			env = append(env, fmt.Sprintf("%s_MEMORY_LIMIT=%s", strings.ToUpper(name), found.goMemLimit))
		}
	}
	sort.Strings(env)
	return env
}

// parseBytes reads a memory quantity as the manifests write it: a number of bytes with a binary
// suffix (Ki, Mi, Gi) or none.
func parseBytes(quantity string) (int64, error) {
	number, shift := quantity, 0
	for suffix, s := range map[string]int{"Ki": 10, "Mi": 20, "Gi": 30} {
		if n, ok := strings.CutSuffix(quantity, suffix); ok {
			number, shift = n, s
		}
	}
	n, err := strconv.ParseInt(number, 10, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("memory limit %q: want a positive number of bytes, Ki, Mi or Gi", quantity)
	}
	return n << shift, nil
}
