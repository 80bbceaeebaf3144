package solver

// DLX is Knuth's Algorithm X. TEMPORARY: delegates to Backtrack until the
// dancing-links engine lands (being written now).
var DLX Engine = dlxPlaceholder{}

type dlxPlaceholder struct{ backtrack }

func (dlxPlaceholder) Name() string { return "dlx" }
