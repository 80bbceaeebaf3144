package solver

import (
	"strings"
	"testing"
)

// TestRegistry: the package's engines are registered in order, an unknown
// name lists them and suggests a forgotten import (package ilp's engine is
// registered by its own init, not imported here), and a second engine of
// a name taken panics.
func TestRegistry(t *testing.T) {
	var names []string
	for _, e := range Engines() {
		names = append(names, e.Name())
	}
	if got := strings.Join(names, " "); got != "fast bitboard dlx backtrack" {
		t.Errorf("Engines: %s", got)
	}
	if e, err := Lookup("fast"); err != nil || e != Fast {
		t.Errorf(`Lookup("fast") = %v, %v; want Fast`, e, err)
	}
	_, err := Lookup("ilp")
	if err == nil || !strings.Contains(err.Error(), `unknown engine "ilp" (want fast, bitboard, dlx, backtrack; forgotten import?)`) {
		t.Errorf(`Lookup("ilp") without package ilp: %v`, err)
	}
	for name, register := range map[string]func(){
		"a name taken": func() { Register(Fast) },
		"nil":          func() { Register(nil) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s of a name taken did not panic", name)
				}
			}()
			register()
		}()
	}
}
