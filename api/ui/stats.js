// Statistics per level, kept in the browser: games played, won without
// help, won with hints, finished by the solver, best and average time of
// the wins without help, and the streak of days with a finished game.
// Pure functions over a plain object, so they are easy to test and save.

export const LEVELS = ["Easy", "Medium", "Hard", "Expert", "Extreme", "Diabolical"];

// dayKey is the local date of d as "2026-11-25".
export function dayKey(d = new Date()) {
  const p = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

export function emptyStats() {
  return { levels: {}, days: [], daily: {} };
}

// validStats returns s if it looks like stats, else empty stats.
export function validStats(s) {
  if (!s || typeof s !== "object" || typeof s.levels !== "object" || !Array.isArray(s.days)) return emptyStats();
  s.daily = s.daily && typeof s.daily === "object" ? s.daily : {};
  return s;
}

function levelOf(s, level) {
  const key = LEVELS.includes(level) ? level : "Other";
  return (s.levels[key] ||= { played: 0, won: 0, helped: 0, solver: 0, best: 0, totalMs: 0 });
}

// started counts a game as played (called on its first move).
export function started(s, level) {
  levelOf(s, level).played++;
  return s;
}

// finished records a finished game: {level, ms, hints, solver, day, daily}.
// A game the solver finished counts as given up; one finished with hints
// counts as won with help, not in the times.
export function finished(s, { level, ms, hints = 0, solver = false, day = dayKey(), daily = false }) {
  const l = levelOf(s, level);
  if (solver) l.solver++;
  else if (hints > 0) l.helped++;
  else {
    l.won++;
    l.totalMs += ms;
    if (!l.best || ms < l.best) l.best = ms;
  }
  if (!solver && !s.days.includes(day)) {
    s.days.push(day);
    s.days.sort();
    if (s.days.length > 400) s.days = s.days.slice(-400);
  }
  if (daily && !solver) s.daily[`${day} ${level}`] = { ms, hints };
  return s;
}

// streak is the number of days in a row, ending today or yesterday, with a
// finished game; best is the longest run ever.
export function streak(s, today = dayKey()) {
  const days = new Set(s.days);
  const prev = (k) => {
    const [y, m, d] = k.split("-").map(Number);
    return dayKey(new Date(y, m - 1, d - 1));
  };
  let k = days.has(today) ? today : prev(today);
  let current = 0;
  while (days.has(k)) {
    current++;
    k = prev(k);
  }
  let best = 0, run = 0, last = "";
  for (const d of s.days) {
    run = last && prev(d) === last ? run + 1 : 1;
    best = Math.max(best, run);
    last = d;
  }
  return { current, best };
}

// rows are the table of stats per level, for display.
export function rows(s) {
  const out = [];
  for (const level of [...LEVELS, "Other"]) {
    const l = s.levels[level];
    if (!l) continue;
    out.push({ level, ...l, average: l.won ? l.totalMs / l.won : 0 });
  }
  return out;
}
