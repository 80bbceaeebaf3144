package logic

import (
	"fmt"
	"os"
	"sort"
	"sync"
	"testing"
)

func TestTmpDisagree(t *testing.T) {
	ps := loadLines(t, "data/rated/se-rated-dev.txt", 0)
	type res struct {
		i    int
		line string
	}
	out := make([]string, len(ps))
	var wg sync.WaitGroup
	ch := make(chan int)
	for range 2 {
		wg.Go(func() {
			for i := range ch {
				p := ps[i]
				path, err := Path(p.grid)
				r := RatePath(path)
				if r.ER != p.er || err != nil {
					hard := ""
					for _, s := range path {
						if s.Rating == r.ER {
							hard = s.Technique.Name
							break
						}
					}
					out[i] = fmt.Sprintf("%s ours %v theirs %v hardest %q err %v", p.grid.Line('.'), r.ER, p.er, hard, err)
				}
			}
		})
	}
	for i := range ps {
		ch <- i
	}
	close(ch)
	wg.Wait()
	var lines []string
	for _, l := range out {
		if l != "" {
			lines = append(lines, l)
		}
	}
	sort.Strings(lines)
	os.WriteFile("/tmp/disagree.txt", []byte(fmt.Sprintln(len(ps))+fmt.Sprint(lines)), 0o644)
	f, _ := os.Create("/tmp/disagree.txt")
	for _, l := range lines {
		fmt.Fprintln(f, l)
	}
	f.Close()
	t.Log(len(lines), "of", len(ps))
}
