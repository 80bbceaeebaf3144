package api

import (
	"context"
	"errors"
	"fmt"
	"time"

	"sudoku/bank"
	"sudoku/bank/bankgen"
	"sudoku/logic"
)

// StoreBank is a bank.Store (package sqlite's or postgres's) as the API
// uses it: a Bank, NeedPicker and Pinger.
type StoreBank struct{ DB bank.Store }

func (b StoreBank) Pick(ctx context.Context, l logic.Level) (BankPuzzle, error) {
	en, err := b.DB.Pick(ctx, bank.Kind{Level: bank.Level(l)})
	return bankPuzzle(en), bankErr(err)
}

func (b StoreBank) Daily(ctx context.Context, day time.Time, l logic.Level) (BankPuzzle, error) {
	en, err := b.DB.Daily(ctx, day, bank.Level(l))
	return bankPuzzle(en), bankErr(err)
}

func (b StoreBank) PickNeed(ctx context.Context, need logic.Need) (BankPuzzle, error) {
	en, err := b.DB.PickNeed(ctx, bankgen.Need(need))
	return bankPuzzle(en), bankErr(err)
}

// Ping checks that the bank answers.
func (b StoreBank) Ping(ctx context.Context) error { return b.DB.Ping(ctx) }

func bankPuzzle(en bank.Entry) BankPuzzle {
	return BankPuzzle{Puzzle: en.Puzzle, Solution: en.Solution, Rating: bankgen.Rating(en)}
}

// bankErr maps the bank's errors to the API's: none left is bank_empty;
// any other failure of the bank (its server down, a damaged file) is the
// bank unavailable for now (503 with Retry-After), not a server error.
func bankErr(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, bank.ErrEmpty):
		return fmt.Errorf("%w: %v", ErrBankEmpty, err)
	}
	return fmt.Errorf("%w: %v", ErrNoBank, err)
}
