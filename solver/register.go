package solver

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"sudoku"
)

// The engines by name, as database/sql keeps its drivers: this package
// registers its own, other packages theirs from their init (package ilp:
// "ilp"), and every command and route looks them up here.

var registry struct {
	sync.RWMutex
	engines []Engine
	boards  []BoardEngine
}

func init() {
	for _, e := range []Engine{Fast, DLX, Backtrack, Classic(Bitboard)} {
		Register(e)
	}
	for _, e := range []BoardEngine{General, Bitboard, DLXBoard, BacktrackBoard} {
		RegisterBoard(e)
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

// RegisterBoard makes e known to LookupBoard and BoardEngines by its name.
// It panics if e is nil or its name is taken.
func RegisterBoard(e BoardEngine) {
	registry.Lock()
	defer registry.Unlock()
	if e == nil || find(registry.boards, e.Name()) != nil {
		panic(fmt.Sprintf("solver: RegisterBoard of a nil engine or a second %q", nameOf(e)))
	}
	registry.boards = append(registry.boards, e)
}

// Engines returns the engines registered for classic grids, in the order
// registered: fast, dlx, backtrack, bitboard, then other packages'.
func Engines() []Engine {
	registry.RLock()
	defer registry.RUnlock()
	return append([]Engine(nil), registry.engines...)
}

// BoardEngines returns the board engines registered, in the order
// registered: general, bitboard (9x9 only), dlx, backtrack, then other
// packages'.
func BoardEngines() []BoardEngine {
	registry.RLock()
	defer registry.RUnlock()
	return append([]BoardEngine(nil), registry.boards...)
}

// Lookup returns the registered engine of the name. An unknown name's
// error lists the names known and suggests an import left out.
func Lookup(name string) (Engine, error) {
	es := Engines()
	if e := find(es, name); e != nil {
		return e, nil
	}
	return nil, unknownEngine(name, es)
}

// LookupBoard returns the registered board engine of the name; "fast" is
// General, which hands classic boards to Fast.
func LookupBoard(name string) (BoardEngine, error) {
	if name == "fast" {
		name = General.Name()
	}
	es := BoardEngines()
	if e := find(es, name); e != nil {
		return e, nil
	}
	return nil, unknownEngine(name, es)
}

func unknownEngine[E interface{ Name() string }](name string, es []E) error {
	names := make([]string, len(es))
	for i, e := range es {
		names[i] = e.Name()
	}
	return fmt.Errorf("unknown engine %q (want %s; forgotten import?)", name, strings.Join(names, ", "))
}

func find[E interface{ Name() string }](es []E, name string) E {
	var none E
	for _, e := range es {
		if e.Name() == name {
			return e
		}
	}
	return none
}

func nameOf(e interface{ Name() string }) string {
	if e == nil {
		return "<nil>"
	}
	return e.Name()
}

// Classic offers a board engine for classic grids: it searches a grid as
// a board of classic rules (the bitboard engine is registered so).
func Classic(e BoardEngine) Engine { return classicOf{e} }

type classicOf struct{ e BoardEngine }

func (c classicOf) Name() string { return c.e.Name() }

func (c classicOf) Search(g sudoku.Grid, limit int) Result {
	r, _ := c.SearchContext(context.Background(), g, limit)
	return r
}

// SearchContext is Search, stopping with ctx's error once ctx is done.
func (c classicOf) SearchContext(ctx context.Context, g sudoku.Grid, limit int) (Result, error) {
	r, err := c.e.SearchBoard(ctx, sudoku.BoardOf(g), limit)
	out := Result{Count: r.Count, Guesses: r.Guesses, Nodes: r.Nodes}
	if r.Count > 0 {
		copy(out.Solution[:], r.Solution)
	}
	return out, err
}
