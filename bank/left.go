package bank

import (
	"context"
	"fmt"
	"strings"
)

// CheckLeft checks that db holds enough puzzles left for the specs, added
// up by level and rule set, as a book checks before any is picked: the
// error is a *ShortError, or names the rule sets the bank holds.
func CheckLeft(ctx context.Context, db Store, specs []PickSpec) error {
	var kinds []Kind
	wanted := map[Kind]int{}
	for _, s := range specs {
		if _, ok := wanted[s.Kind]; !ok {
			kinds = append(kinds, s.Kind)
		}
		wanted[s.Kind] += s.N
	}
	var boards []RulesCount // the rule sets stored, read at the first spec of one
	read := false
	for _, k := range kinds {
		if !k.Classic() && !read {
			st, err := db.Stats(ctx)
			if err != nil {
				return err
			}
			boards, read = st.Rules, true
		}
		if err := leftFor(ctx, db, boards, PickSpec{Kind: k, N: wanted[k]}); err != nil {
			return err
		}
	}
	return nil
}

// leftFor checks that the bank holds s.N puzzles left of s's level or
// rule set; boards counts those of other rules.
func leftFor(ctx context.Context, db Store, boards []RulesCount, s PickSpec) error {
	if s.Rules == "" {
		c, err := db.Count(ctx, s.Level)
		if err != nil {
			return err
		}
		return short(s, c.Left)
	}
	var names []string
	for _, c := range boards {
		if c.Rules == s.Rules {
			return short(s, c.Left)
		}
		names = append(names, c.Rules)
	}
	if len(names) == 0 {
		return fmt.Errorf("no %q puzzles in the bank (it holds only classic ones)", s.Rules)
	}
	return fmt.Errorf("no %q puzzles in the bank (it holds %s)", s.Rules, strings.Join(names, ", "))
}

// short is the error when fewer than s.N puzzles are left.
func short(s PickSpec, left int) error {
	if left < s.N {
		return &ShortError{Spec: s, Left: left}
	}
	return nil
}
