package logic

import "testing"

// enumFirst returns a finder giving the first step an enumerator yields.
func enumFirst(enum func(*Board, func(Step) bool)) func(*Board) (Step, bool) {
	return func(b *Board) (Step, bool) { return bxFirst(b, enum) }
}

func TestColouring(t *testing.T) {
	kind := func(k int) func(*Board) (Step, bool) {
		return enumFirst(func(b *Board, y func(Step) bool) { enumColouring(b, k, y) })
	}
	runAdvCases(t, []advCase{
		// 4 has one cluster; r2c7 and r2c8 see r1c3/r3c3-coloured cells of
		// both colours.
		{"trap", ":0500:1:+23.7.+68+955972+8...+6+6..+9+3+5.+7.+3.+6.9.5.7+7+5.+36...+9+4.+9+5+7.+683+872.+5396.+94+5+6.7..+8+1638.+9+7+5.:439:127 128 132 133::",
			kind(0), "127 128 132 133", "Simple colouring (trap)", 45},
		{"wrap", ":0501:8:+6+5+9...+1+3...+1.3.6+252.+31+65.4+9.+2..9+63+1.+36.7..5+9.+91.+3.4.+6279.6..+2+5+35.+6...9811.2...+4+7+6:814 815 424 826 443 843 849 855 856 863 875 285 896:819 821 824 832 844 853 867 876 892 895::",
			kind(1), "819 821 824 832 844 853 867 876 892 895", "Simple colouring (wrap)", 45},
		{"multi 1", ":0502:8:......58779..52..15.41..932.......2.2.6.3.1.5.5.......947.182.....76..1961.......::824 832 843 845 863 865::",
			kind(2), "824 832 843 845 863 865", "Multi-colouring (type 1)", 47},
		{"multi 2", ":0503:8:......58779..52..15.41..932.......2.2.6.3.1.5.5.......947.182.....76..1961.......::824 832::",
			kind(3), "824 832", "Multi-colouring (type 2)", 47},
	})
}
