package ordered

import (
	"slices"
	"testing"
)

func TestMapInOrder(t *testing.T) {
	for _, tc := range []struct {
		name    string
		batches [][]int
		workers int
	}{
		{"none", nil, 2},
		{"one batch", [][]int{{1, 2, 3}}, 3},
		{"many batches", [][]int{{1}, {2, 3}, {4, 5, 6}, {7}}, 4},
		{"default workers", [][]int{{1, 2}, {3}}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := make(chan []int)
			go func() {
				for _, b := range tc.batches {
					in <- b
				}
				close(in)
			}()
			var got, want []int
			for _, b := range tc.batches {
				for _, v := range b {
					want = append(want, v*v)
				}
			}
			Map(in, tc.workers, func(v *int) int { return *v * *v }, func(_ *int, r int) { got = append(got, r) })
			if !slices.Equal(got, want) {
				t.Errorf("got %v, want %v", got, want)
			}
		})
	}
}
