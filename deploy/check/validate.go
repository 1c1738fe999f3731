package check

import (
	"path/filepath"
	"strings"

	"github.com/yannh/kubeconform/pkg/resource"
	"github.com/yannh/kubeconform/pkg/validator"
)

// SchemaDir holds the JSON schemas the rendered objects are validated against, one file per kind and
// API version (deploy/schemas/README.md says where they come from).
const SchemaDir = "deploy/schemas"

// SchemaLocation is kubeconform's file name template inside SchemaDir.
const SchemaLocation = "{{ .ResourceKind }}{{ .KindSuffix }}.json"

// NewValidator returns a strict kubeconform validator that reads schemas only from SchemaDir.
func NewValidator() (validator.Validator, error) {
	return validator.New([]string{filepath.Join(Root(), SchemaDir, SchemaLocation)}, validator.Opts{Strict: true})
}

// Validate checks one object; nil when it conforms to its schema.
func Validate(v validator.Validator, o Object) validator.Result {
	return v.ValidateResource(resource.Resource{Path: o.ID(), Bytes: o.YAML})
}

// SchemaFile is the file in SchemaDir that kubeconform reads for apiVersion and kind, by SchemaLocation:
// the lower-case kind, the first label of the group and the version ("deployment-apps-v1.json").
func SchemaFile(apiVersion, kind string) string {
	group, version, found := strings.Cut(apiVersion, "/")
	suffix := "-" + strings.ToLower(strings.Split(group, ".")[0])
	if found {
		suffix += "-" + strings.ToLower(version)
	}
	return strings.ToLower(kind) + suffix + ".json"
}
