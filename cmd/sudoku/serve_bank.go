package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"sudoku/api"
	"sudoku/bank"
	"sudoku/bank/bankgen"
	"sudoku/generate"
	"sudoku/logic"
	"sudoku/metrics"
)

// serveBank is the bank of sudoku serve as the API sees it: a bank.Live
// (opened at start, or tried again until it opens; until then its routes
// answer 503 unavailable with the cause, /readyz says why, and the log
// says it once), topped up in the background once open.
type serveBank struct {
	live  *bank.Live
	log   *slog.Logger
	topUp *bank.TopUp // nil: the bank is not filled
	fills sync.WaitGroup
}

// newServeBank returns the bank at path for a server that logs to log.
func newServeBank(path string, log *slog.Logger) *serveBank {
	b := &serveBank{log: log}
	b.live = &bank.Live{
		Open: func(ctx context.Context) (bank.Store, error) { return openServeBank(ctx, path) },
		Failed: func(err error) {
			log.Error("no puzzle bank: its routes answer 503; trying again every "+bank.LiveRetry.String(), "path", redactPath(path), "err", err)
		},
		Opened: b.opened,
	}
	return b
}

// start opens the bank, or goes on trying in the background.
func (b *serveBank) start(ctx context.Context) bool { return b.live.Start(ctx) }

// opened logs the bank and starts its top-up.
func (b *serveBank) opened(ctx context.Context, db bank.Store) {
	b.log.Info("puzzle bank", "path", db.Path())
	if b.topUp != nil {
		b.fills.Go(func() { b.topUp.Run(ctx, db) })
	}
}

// close waits for the top-up (stopped by the server's context: the
// puzzle in the making is dropped, those made are committed), then
// closes the bank.
func (b *serveBank) close() {
	b.fills.Wait()
	b.live.Close()
}

// store returns the open bank, or api.ErrNoBank with the cause.
func (b *serveBank) store() (bank.Store, error) {
	db, err := b.live.Store()
	if err != nil {
		return nil, fmt.Errorf("%w: %v", api.ErrNoBank, err)
	}
	return db, nil
}

func (b *serveBank) Pick(ctx context.Context, l logic.Level) (api.BankPuzzle, error) {
	db, err := b.store()
	if err != nil {
		return api.BankPuzzle{}, err
	}
	return api.StoreBank{DB: db}.Pick(ctx, l)
}

func (b *serveBank) Daily(ctx context.Context, day time.Time, l logic.Level) (api.BankPuzzle, error) {
	db, err := b.store()
	if err != nil {
		return api.BankPuzzle{}, err
	}
	return api.StoreBank{DB: db}.Daily(ctx, day, l)
}

func (b *serveBank) PickNeed(ctx context.Context, need logic.Need) (api.BankPuzzle, error) {
	db, err := b.store()
	if err != nil {
		return api.BankPuzzle{}, err
	}
	return api.StoreBank{DB: db}.PickNeed(ctx, need)
}

// Ping reports whether the bank is open and answers.
func (b *serveBank) Ping(ctx context.Context) error {
	db, err := b.store()
	if err != nil {
		return err
	}
	return db.Ping(ctx)
}

// left counts the puzzles left per level, for the metrics.
func (b *serveBank) left(ctx context.Context) (map[string]int, error) {
	db, err := b.store()
	if err != nil {
		return nil, err
	}
	st, err := db.Stats(ctx)
	if err != nil {
		return nil, err
	}
	out := map[string]int{}
	for _, c := range st.Levels {
		out[c.Level.String()] = c.Left
	}
	return out, nil
}

// topUp keeps every level of the bank between low and high puzzles left
// (3 Diabolical at most: they take seconds each), checked every every,
// on one worker; m counts what it adds.
func topUp(high, low int, every time.Duration, b *serveBank, m *metrics.Metrics) *bank.TopUp {
	var marks []bank.Mark
	for _, l := range bank.Levels() {
		h := high
		if l == bank.Diabolical {
			h = min(high, 3)
		}
		marks = append(marks, bank.Mark{Level: l, Low: min(low, h), High: h})
	}
	return &bank.TopUp{
		Marks: marks, Every: every, Seed: uint64(time.Now().UnixNano()),
		Owner: bank.ProcessOwner("serve"), Dead: bank.ProcessGone,
		Make:   func(l bank.Level) bank.Generator { return bankgen.Level(logic.Level(l), generate.None) },
		Filled: func(f bank.LevelFill) { b.filled(f, m) },
		Passed: b.passed,
	}
}

// filled logs the top-up's fill of a level and counts what it added.
func (b *serveBank) filled(f bank.LevelFill, m *metrics.Metrics) {
	m.Filled(f.Level.String(), f.Added)
	switch {
	case errors.Is(f.Err, bank.ErrLeased):
		b.log.Info("bank not topped up: another fill holds the level", "level", f.Level.String(), "err", f.Err)
	case f.Err != nil:
		b.log.Warn("bank not topped up", "level", f.Level.String(), "err", f.Err)
	default:
		b.log.Info("bank topped up", "level", f.Level.String(), "added", f.Added, "left", f.Left, "ms", f.Took.Milliseconds())
	}
}

// passed logs a top-up pass that failed; one that found another
// server's top-up running is not news.
func (b *serveBank) passed(_ []bank.LevelFill, err error) {
	if err != nil && !errors.Is(err, bank.ErrLeased) {
		b.log.Warn("bank top-up failed", "err", err)
	}
}
