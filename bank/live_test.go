package bank

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"
)

// fakeStore is a Store that only closes.
type fakeStore struct {
	Store
	closed bool
}

func (s *fakeStore) Close() error { s.closed = true; return nil }

// TestLive: a bank that cannot be opened is tried again until it opens;
// each cause is reported once; Store says why there is none, then gives
// it; Opened is called once; Close closes it.
func TestLive(t *testing.T) {
	causes := []error{errors.New("refused"), errors.New("refused"), errors.New("no such database"), nil}
	db := &fakeStore{}
	var mu sync.Mutex
	var tries int
	var failed []string
	opened := make(chan Store, 2)
	b := &Live{
		Every: time.Millisecond,
		Open: func(context.Context) (Store, error) {
			mu.Lock()
			defer mu.Unlock()
			err := causes[min(tries, len(causes)-1)]
			tries++
			if err != nil {
				return nil, err
			}
			return db, nil
		},
		Failed: func(err error) { mu.Lock(); failed = append(failed, err.Error()); mu.Unlock() },
		Opened: func(_ context.Context, s Store) { opened <- s },
	}
	if _, err := b.Store(); !errors.Is(err, ErrNotOpen) {
		t.Errorf("Store before Start: got %v, want ErrNotOpen", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if b.Start(ctx) {
		t.Fatal("Start opened a bank whose first try fails")
	}
	if _, err := b.Store(); err == nil {
		t.Error("Store after a failed try: got no error")
	}
	select {
	case s := <-opened:
		if s != db {
			t.Errorf("Opened with %v, want the bank", s)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the bank did not open")
	}
	if s, err := b.Store(); s != db || err != nil {
		t.Errorf("Store once open: got %v, %v", s, err)
	}
	mu.Lock()
	if want := []string{"refused", "no such database"}; !slices.Equal(failed, want) || tries != 4 {
		t.Errorf("reported %q in %d tries, want %q in 4", failed, tries, want)
	}
	mu.Unlock()
	if err := b.Close(); err != nil || !db.closed {
		t.Errorf("Close: %v, closed %v", err, db.closed)
	}
	if len(opened) != 0 {
		t.Error("Opened was called twice")
	}
}

// TestLiveClosed: a Live closed before its bank opens closes the bank
// that opens, and tries no more.
func TestLiveClosed(t *testing.T) {
	gate := make(chan struct{})
	db := &fakeStore{}
	trying := make(chan struct{})
	b := &Live{Open: func(context.Context) (Store, error) { close(trying); <-gate; return db, nil }}
	done := make(chan bool)
	go func() { done <- b.Start(context.Background()) }()
	<-trying
	b.Close()
	close(gate)
	<-done
	if s, err := b.Store(); s != nil || !db.closed {
		t.Errorf("after Close: Store gave %v, %v; the bank closed: %v", s, err, db.closed)
	}
}
