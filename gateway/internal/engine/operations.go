package engine

import (
	"bytes"
	"slices"
	"sync"

	lru "github.com/hashicorp/golang-lru/v2"
	"github.com/tidwall/gjson"
	"github.com/tidwall/sjson"
	"github.com/wundergraph/astjson"
	"github.com/wundergraph/graphql-go-tools/execution/graphql"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/ast"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/astnormalization"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/astparser"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/astprinter"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/astvalidation"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/engine/plan"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/engine/postprocess"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/operationreport"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/pool"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/variablesvalidation"
)

// cacheLimits bound the prepared operations the engine keeps. Operation texts come from anyone, so
// a flood of distinct texts must not grow memory: the cache holds at most entries operations and
// about bytes of them (preparedOperation.size), and never one whose text is longer than
// maxQueryBytes. The plans of operations it does not keep are cached by their normalized text, at
// most plans of them, as graphql-go-tools' execution engine does.
type cacheLimits struct {
	entries       int
	bytes         int
	maxQueryBytes int
	plans         int
}

// operationCacheLimits: the web apps send a few dozen distinct operations of a few KB each.
var operationCacheLimits = cacheLimits{entries: 1024, bytes: 32 << 20, maxQueryBytes: 16 << 10, plans: 1024}

// operations turns requests into executions. The first request of an operation (text and
// operation name) goes through what graphql-go-tools' ExecutionEngine.Execute does: normalize,
// validate, extract the arguments written in the text into variables, rename the variables to
// canonical names, validate the variables, plan. When the variables cannot change what that
// produces (reusable), the result is kept: later requests of the operation only put their
// variables into the same shape and validate them, which skips the normalizing and validating
// walks over the whole operation that made up a third of the gateway's CPU under varied traffic.
type operations struct {
	schema   *graphql.Schema
	planning plan.Configuration
	limits   cacheLimits

	prepared *lru.Cache[string, *preparedOperation] // by operationKey
	mu       sync.Mutex                             // held while adding to prepared, which evicts
	bytes    int                                    // the sizes of the prepared operations kept

	plans      *lru.Cache[uint64, plan.Plan] // by the hash of the normalized operation text
	validators sync.Pool                     // of *variablesvalidation.VariablesValidator
}

// preparedOperation is an operation normalized, validated and planned. Once kept it is shared by
// concurrent requests and only read.
type preparedOperation struct {
	// document is the operation as normalized, with canonical variable names; the request's
	// variables are validated against it.
	document       *ast.Document
	plan           plan.Plan
	remapVariables map[string]string // canonical name → the name in the request's variables
	// unused are the variables the operation declares but never uses: normalizing deletes them
	// from the request's variables.
	unused []string
	// extracted are the arguments written in the operation's text, which normalizing moves into
	// variables of generated names, in the order it adds them.
	extracted []extractedVariable
	// size estimates the memory the entry holds (cacheLimits.bytes).
	size int
}

type extractedVariable struct {
	name  string
	value []byte // JSON
}

// execution is what the resolver needs to run one request.
type execution struct {
	plan           plan.Plan
	remapVariables map[string]string
	variables      []byte // normalized
}

func newOperations(schema *graphql.Schema, planning plan.Configuration, limits cacheLimits) *operations {
	o := &operations{schema: schema, planning: planning, limits: limits}
	// lru.New fails only for a size ≤ 0.
	o.prepared, _ = lru.NewWithEvict(limits.entries, func(_ string, op *preparedOperation) { o.bytes -= op.size })
	o.plans, _ = lru.New[uint64, plan.Plan](limits.plans)
	o.validators.New = func() any {
		return variablesvalidation.NewVariablesValidator(variablesvalidation.VariablesValidatorOptions{})
	}
	return o
}

// operationKey identifies an operation: its name and text. The variables are not part of it.
func operationKey(req *graphql.Request) string {
	return req.OperationName + "\x00" + req.Query
}

// prepare returns the execution of req: from the kept preparation of its operation, or prepared
// anew. Errors are the client's (syntax, validation, variables) or the gateway's, as
// ExecutionEngine.Execute returns them.
func (o *operations) prepare(req *graphql.Request) (execution, error) {
	key := operationKey(req)
	op, ok := o.prepared.Get(key)
	if ok && variablesObject(req.Variables) {
		variables, err := op.variablesOf(req.Variables)
		if err != nil {
			return execution{}, err
		}
		if len(variables) > 0 && variables[0] == '{' {
			if err := o.validateVariables(op.document, variables, op.remapVariables); err != nil {
				return execution{}, err
			}
		}
		return execution{plan: op.plan, remapVariables: op.remapVariables, variables: variables}, nil
	}
	return o.prepareAnew(req, key)
}

// variablesOf puts a request's variables into the shape normalizing gives them: the unused ones
// deleted, the extracted arguments added, the same JSON edits in the same order.
func (op *preparedOperation) variablesOf(variables []byte) ([]byte, error) {
	var err error
	for _, name := range op.unused {
		if variables, err = sjson.DeleteBytes(variables, name); err != nil {
			return nil, err
		}
	}
	for _, v := range op.extracted {
		if variables, err = sjson.SetRawBytes(variables, v.name, v.value); err != nil {
			return nil, err
		}
	}
	return variables, nil
}

// variablesObject tells whether variables are absent, null or a JSON object: the shapes whose
// normalization preparedOperation.variablesOf repeats (the handler lets no other through).
func variablesObject(variables []byte) bool {
	trimmed := bytes.TrimSpace(variables)
	return len(trimmed) == 0 || trimmed[0] == '{' || bytes.Equal(trimmed, []byte("null"))
}

// prepareAnew runs graphql-go-tools' ExecutionEngine.Execute up to the resolver, step by step and
// with the same options, and keeps the result when it is reusable for other variables.
func (o *operations) prepareAnew(req *graphql.Request, key string) (execution, error) {
	// Read before normalizing, which changes the request's document.
	declared, reusable := declaredVariables(req)
	reusable = reusable && len(req.Query) <= o.limits.maxQueryBytes && variablesObject(req.Variables)

	// Normalize, but extract variables later so that validation reports bad arguments correctly.
	result, err := req.Normalize(o.schema,
		astnormalization.WithRemoveFragmentDefinitions(),
		astnormalization.WithRemoveUnusedVariables(),
		astnormalization.WithInlineFragmentSpreads(),
		astnormalization.WithEnableDefer(),
		astnormalization.WithPrevalidationRules(
			astvalidation.DeferStreamOnValidOperations(),
			astvalidation.DeferStreamHaveUniqueLabels(),
			astvalidation.DirectivesAreInValidLocations(),
			astvalidation.StreamAppliedToListFieldsOnly()),
	)
	if err != nil {
		return execution{}, err
	} else if !result.Successful {
		return execution{}, result.Errors
	}
	if validation, err := req.ValidateForSchema(o.schema); err != nil {
		return execution{}, err
	} else if !validation.Valid {
		return execution{}, validation.Errors
	}
	doc := req.Document()
	kept := variableDefinitions(doc)
	reusable = reusable && o.onlyPlainVariables(doc, kept)
	result, err = req.Normalize(o.schema, astnormalization.WithExtractVariables())
	if err != nil {
		return execution{}, err
	} else if !result.Successful {
		return execution{}, result.Errors
	}
	keptNames := variableNames(doc, kept)
	op := &preparedOperation{unused: without(declared, keptNames)}
	for _, ref := range variableDefinitions(doc) {
		if name := doc.VariableDefinitionNameString(ref); !slices.Contains(keptNames, name) {
			value := gjson.GetBytes(req.Variables, name).Raw
			reusable = reusable && value != ""
			op.extracted = append(op.extracted, extractedVariable{name: name, value: []byte(value)})
		}
	}
	var report operationreport.Report
	op.remapVariables = astnormalization.NewVariablesMapper().NormalizeOperation(doc, o.schema.Document(), &report)
	if report.HasErrors() {
		return execution{}, report
	}
	if len(req.Variables) > 0 && req.Variables[0] == '{' {
		if err := o.validateVariables(doc, req.Variables, op.remapVariables); err != nil {
			return execution{}, err
		}
	}
	printed, err := astprinter.PrintString(doc)
	if err != nil {
		return execution{}, err
	}
	if op.plan, err = o.plan(doc, printed, req.OperationName); err != nil {
		return execution{}, err
	}
	if reusable {
		o.keep(key, printed, op)
	}
	return execution{plan: op.plan, remapVariables: op.remapVariables, variables: req.Variables}, nil
}

// plan returns the plan of a normalized operation, planned once per normalized text.
func (o *operations) plan(doc *ast.Document, printed, operationName string) (plan.Plan, error) {
	hash := pool.Hash64.Get()
	hash.Reset()
	_, _ = hash.WriteString(printed)
	key := hash.Sum64()
	pool.Hash64.Put(hash)
	if p, ok := o.plans.Get(key); ok {
		return p, nil
	}
	planner, err := plan.NewPlanner(o.planning)
	if err != nil {
		return nil, err
	}
	var report operationreport.Report
	p := planner.Plan(doc, o.schema.Document(), operationName, &report)
	if report.HasErrors() {
		return nil, report
	}
	postprocess.NewProcessor().Process(p)
	o.plans.Add(key, p)
	return p, nil
}

// keep caches a reusable preparation. Its document is parsed again from the normalized text: the
// planner has changed the request's, and the request's document is not the cache's to share.
func (o *operations) keep(key, printed string, op *preparedOperation) {
	doc, report := astparser.ParseGraphqlDocumentString(printed)
	if report.HasErrors() {
		return
	}
	op.document = &doc
	op.size = preparedSize(key, printed)
	if op.size > o.limits.bytes {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if old, ok := o.prepared.Peek(key); ok {
		o.bytes -= old.size
	}
	o.prepared.Add(key, op)
	o.bytes += op.size
	for o.bytes > o.limits.bytes {
		o.prepared.RemoveOldest()
	}
}

// preparedSize estimates what a kept operation holds: its key, and its document, plan and
// response plan, which grow with the normalized text (measured in TestPrepare_memoryPerKeptOperation_withinItsEstimate).
func preparedSize(key, printed string) int {
	return len(key) + bytesPerNormalizedByte*len(printed) + bytesPerOperation
}

const (
	bytesPerNormalizedByte = 96
	bytesPerOperation      = 32 << 10
)

func (o *operations) validateVariables(doc *ast.Document, variables []byte, remap map[string]string) error {
	validator := o.validators.Get().(*variablesvalidation.VariablesValidator)
	defer o.validators.Put(validator)
	return validator.ValidateWithRemap(doc, o.schema.Document(), variables, remap)
}

// declaredVariables are the names of the variables the request's operation declares, and whether
// its preparation could be reused: not when a directive's argument holds a variable (@skip and
// @include take a part of the operation out depending on its value) or the operation to run is
// ambiguous (several without the name; the engine reports that).
func declaredVariables(req *graphql.Request) ([]string, bool) {
	doc, report := astparser.ParseGraphqlDocumentString(req.Query)
	if report.HasErrors() {
		return nil, false
	}
	for ref := range doc.Directives {
		for _, arg := range doc.Directives[ref].Arguments.Refs {
			if doc.ValueContainsVariable(doc.Arguments[arg].Value) {
				return nil, false
			}
		}
	}
	operation, found := -1, 0
	for _, node := range doc.RootNodes {
		if node.Kind != ast.NodeKindOperationDefinition {
			continue
		}
		if req.OperationName == "" || doc.OperationDefinitionNameString(node.Ref) == req.OperationName {
			operation = node.Ref
			found++
		}
	}
	if found != 1 {
		return nil, false
	}
	var names []string
	for _, ref := range doc.OperationDefinitions[operation].VariableDefinitions.Refs {
		names = append(names, doc.VariableDefinitionNameString(ref))
	}
	return names, true
}

// variableDefinitions are the variable definitions of a normalized document's one operation.
func variableDefinitions(doc *ast.Document) []int {
	for _, node := range doc.RootNodes {
		if node.Kind == ast.NodeKindOperationDefinition {
			return slices.Clone(doc.OperationDefinitions[node.Ref].VariableDefinitions.Refs)
		}
	}
	return nil
}

func variableNames(doc *ast.Document, refs []int) []string {
	names := make([]string, 0, len(refs))
	for _, ref := range refs {
		names = append(names, doc.VariableDefinitionNameString(ref))
	}
	return names
}

// onlyPlainVariables tells whether normalizing leaves the values of the variables as they are:
// each is of a scalar or enum type (a list is wrapped around a single value, an input object gets
// its fields' defaults) and without a default (added when the variable is missing).
func (o *operations) onlyPlainVariables(doc *ast.Document, refs []int) bool {
	for _, ref := range refs {
		typeRef := doc.VariableDefinitions[ref].Type
		plain := doc.TypeIsScalar(typeRef, o.schema.Document()) || doc.TypeIsEnum(typeRef, o.schema.Document())
		if !plain || doc.VariableDefinitionHasDefaultValue(ref) {
			return false
		}
	}
	return true
}

// without is names without those in others.
func without(names, others []string) []string {
	var rest []string
	for _, name := range names {
		if !slices.Contains(others, name) {
			rest = append(rest, name)
		}
	}
	return rest
}

// parseVariables parses normalized variables for the resolver.
func parseVariables(variables []byte) (*astjson.Value, error) {
	return astjson.ParseBytes(variables)
}
