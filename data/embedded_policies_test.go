package data

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// The generated policy table is catalog/policies.json, field for field,
// and the embedded catalog's policies are the table's.
func TestEmbeddedPolicyTableMatchesJSON(t *testing.T) {
	var fromJSON []model.Policy
	if err := json.Unmarshal([]byte(embPolicies), &fromJSON); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(fromJSON, embeddedPolicies) {
		for i := range fromJSON {
			if i >= len(embeddedPolicies) || !reflect.DeepEqual(fromJSON[i], embeddedPolicies[i]) {
				t.Fatalf("embedded_policies.go differs from catalog/policies.json at %s (run go generate ./data)", fromJSON[i].Provider)
			}
		}
		t.Fatalf("embedded_policies.go has %d policies, catalog/policies.json %d (run go generate ./data)", len(embeddedPolicies), len(fromJSON))
	}
	cat, err := Embedded()
	if err != nil {
		t.Fatal(err)
	}
	if len(cat.Policies) != len(fromJSON) {
		t.Fatalf("embedded catalog has %d policies, want %d", len(cat.Policies), len(fromJSON))
	}
	for _, p := range fromJSON {
		if !reflect.DeepEqual(cat.Policies[p.Provider], p) {
			t.Errorf("embedded catalog's policy %s differs from catalog/policies.json", p.Provider)
		}
	}
}

// A change to a catalog's policy lists leaves the table, and so the next
// catalog, as it was.
func TestEmbeddedPoliciesAreCopies(t *testing.T) {
	a, err := Embedded()
	if err != nil {
		t.Fatal(err)
	}
	for k, p := range a.Policies {
		for i := range p.Sources {
			p.Sources[i] = "changed"
		}
		a.Policies[k] = p
	}
	b, err := Embedded()
	if err != nil {
		t.Fatal(err)
	}
	for k, p := range b.Policies {
		for _, s := range p.Sources {
			if s == "changed" {
				t.Fatalf("policy %s: a change to one catalog reached the next", k)
			}
		}
	}
}
