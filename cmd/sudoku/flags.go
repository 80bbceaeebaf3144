package main

import (
	"flag"
	"slices"
)

// parseFlags reads flags anywhere among args, as users of modern command
// lines expect ("sudoku solve PUZZLE --format grid"): positional arguments
// may come before, between and after flags. A "--" ends the flags: what
// follows it is positional even when it starts with "-". Afterwards
// fs.Args() holds the positional arguments in their order.
func parseFlags(fs *flag.FlagSet, args []string) error {
	head, tail := args, []string(nil)
	if i := slices.Index(args, "--"); i >= 0 {
		head, tail = args[:i], args[i+1:]
	}
	var pos []string
	for {
		if err := fs.Parse(head); err != nil {
			return err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		pos = append(pos, rest[0])
		head = rest[1:]
	}
	return fs.Parse(append(append([]string{"--"}, pos...), tail...))
}
