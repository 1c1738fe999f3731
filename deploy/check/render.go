// Package check renders the deployment's kustomize overlays and answers questions about the result;
// its tests are the checks `make test-deploy` runs (see docs/operations.md, "The checks").
package check

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"runtime"

	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
)

// Object is one rendered Kubernetes object.
type Object struct {
	Map  map[string]any
	YAML []byte
}

// Kind, Name and APIVersion of the object.
func (o Object) Kind() string       { s, _ := o.Map["kind"].(string); return s }
func (o Object) APIVersion() string { s, _ := o.Map["apiVersion"].(string); return s }
func (o Object) Name() string       { s, _ := Get(o.Map, "metadata", "name").(string); return s }

// ID names the object in messages: Kind/name.
func (o Object) ID() string { return o.Kind() + "/" + o.Name() }

// Root is the repository's root directory.
func Root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Clean(filepath.Join(filepath.Dir(file), "..", ".."))
}

// Overlays are the kustomizations the platform team applies, relative to the repository root.
var Overlays = []string{"deploy/overlays/dev", "deploy/overlays/prod"}

// Render builds the kustomization in dir (relative to the repository root) as `kustomize build` would.
func Render(dir string) ([]Object, error) {
	k := krusty.MakeKustomizer(krusty.MakeDefaultOptions())
	resources, err := k.Run(filesys.MakeFsOnDisk(), filepath.Join(Root(), dir))
	if err != nil {
		return nil, fmt.Errorf("kustomize build %s: %w", dir, err)
	}
	var objects []Object
	for _, r := range resources.Resources() {
		data, err := r.MarshalJSON()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", dir, err)
		}
		var m map[string]any // numbers as float64, as encoding/json gives them
		if err := json.Unmarshal(data, &m); err != nil {
			return nil, fmt.Errorf("%s: %w", dir, err)
		}
		y, err := r.AsYAML()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", dir, err)
		}
		objects = append(objects, Object{Map: m, YAML: y})
	}
	return objects, nil
}

// Get walks nested maps by key; nil when a key is missing.
func Get(v any, keys ...string) any {
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

// List returns v as a list (nil when it is none).
func List(v any) []any { l, _ := v.([]any); return l }
