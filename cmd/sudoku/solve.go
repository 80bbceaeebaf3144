package main

func cmdSolve(e *env, args []string) int { return 2 } // being written
