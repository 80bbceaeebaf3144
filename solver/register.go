package solver

import (
	"fmt"
	"strings"
	"sync"
)

// The engines by name, as database/sql keeps its drivers: this package
// registers its own, other packages theirs from their init (package ilp:
// "ilp"), and every command and route looks them up here.

var registry struct {
	sync.RWMutex
	engines []Engine
}

func init() {
	for _, e := range []Engine{Fast, Bitboard, DLX, Backtrack} {
		Register(e)
	}
}

// Register makes e known to Lookup and Engines by its name. It panics if
// e is nil or its name is taken, as sql.Register does.
func Register(e Engine) {
	registry.Lock()
	defer registry.Unlock()
	if e == nil || find(registry.engines, e.Name()) != nil {
		panic(fmt.Sprintf("solver: Register of a nil engine or a second %q", nameOf(e)))
	}
	registry.engines = append(registry.engines, e)
}

// Engines returns the engines registered, in the order registered: fast,
// bitboard (9x9 only), dlx, backtrack, then other packages' (ilp).
func Engines() []Engine {
	registry.RLock()
	defer registry.RUnlock()
	return append([]Engine(nil), registry.engines...)
}

// Lookup returns the registered engine of the name ("general", Fast's
// name before the engines were one family, is Fast). An unknown name's
// error lists the names known and suggests an import left out.
func Lookup(name string) (Engine, error) {
	if name == "general" {
		name = Fast.Name()
	}
	es := Engines()
	if e := find(es, name); e != nil {
		return e, nil
	}
	return nil, unknownEngine(name, es)
}

func unknownEngine(name string, es []Engine) error {
	names := make([]string, len(es))
	for i, e := range es {
		names[i] = e.Name()
	}
	return fmt.Errorf("unknown engine %q (want %s; forgotten import?)", name, strings.Join(names, ", "))
}

func find(es []Engine, name string) Engine {
	for _, e := range es {
		if e.Name() == name {
			return e
		}
	}
	return nil
}

func nameOf(e Engine) string {
	if e == nil {
		return "<nil>"
	}
	return e.Name()
}
