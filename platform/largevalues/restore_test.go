package largevalues

import (
	"encoding/json"
	"strings"
	"testing"
)

type restoreForm struct {
	Name     string
	Nickname *string
	Tags     []string
	Extra    map[string]any
	Inner    struct{ Text string }
	Count    int
}

// TestRestoreAll_everyLiftedTextComesBack_noPlaceholderIsLeft: whatever field a long text arrives in,
// the resolver's arguments carry the text itself, so that no rule sees (and no table stores) the
// placeholder instead.
func TestRestoreAll_everyLiftedTextComesBack_noPlaceholderIsLeft(t *testing.T) {
	t.Parallel()
	long := func(c string) string { return strings.Repeat(c, MinLength+1) }
	body, _ := json.Marshal(map[string]any{"query": "mutation { x }", "variables": map[string]any{
		"a": long("a"), "b": long("b"), "c": long("c"), "d": long("d"), "e": long("e"), "f": long(`\`),
	}})
	lifted, values := Lift(body)
	var vars struct{ Variables map[string]string }
	if err := json.Unmarshal(lifted, &vars); err != nil || values == nil {
		t.Fatalf("lift: %v, %v", err, values)
	}
	placeholder := vars.Variables
	nickname := placeholder["b"]
	form := restoreForm{Name: placeholder["a"], Nickname: &nickname, Tags: []string{"short", placeholder["c"]},
		Extra: map[string]any{"d": placeholder["d"], "n": 1.0}, Count: 3}
	form.Inner.Text = placeholder["f"]
	args := map[string]any{"form": form, "e": placeholder["e"], "none": nil}
	for key, arg := range args {
		restored, err := values.RestoreAll(arg)
		if err != nil {
			t.Fatal(err)
		}
		args[key] = restored
	}
	got := args["form"].(restoreForm)
	if got.Name != long("a") || *got.Nickname != long("b") || got.Tags[0] != "short" || got.Tags[1] != long("c") ||
		got.Extra["d"] != long("d") || got.Extra["n"] != 1.0 || got.Inner.Text != long(`\`) || got.Count != 3 || args["e"] != long("e") {
		t.Errorf("a placeholder is left or a value changed: %.80v", got)
	}
	if form.Name != placeholder["a"] {
		t.Error("the caller's struct was changed")
	}
	if s, _ := json.Marshal(args); strings.Contains(string(s), placeholderPrefix) {
		t.Error("a placeholder is left")
	}
}

func TestRestoreAll_withoutValues_returnsTheArgumentsAsTheyAre(t *testing.T) {
	t.Parallel()
	var none *Values
	if got, err := none.RestoreAll("largevalue:00:0"); err != nil || got != "largevalue:00:0" {
		t.Errorf("got %v, %v", got, err)
	}
}
