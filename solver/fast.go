package solver

// Fast is the production engine. TEMPORARY: delegates to Backtrack until the
// bitboard engine lands (being written now).
var Fast Engine = fastPlaceholder{}

type fastPlaceholder struct{ backtrack }

func (fastPlaceholder) Name() string { return "fast" }
