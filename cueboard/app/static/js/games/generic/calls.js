// The calls of a game without its own page module: each said as the server's catalogue key and
// parameters give it (calls.js says them); a game's own calls.js exports the same two functions
// to name the player and the pieces in its rules' words.
import { has } from "/static/js/i18n.js";

// The words of a key or parameter name ("ref.shuffle.points" -> "points", "next_seat" -> "next seat").
const words = (name) => name.split(".").pop().replaceAll("_", " ");

// The text of call `c` of `shot` (`names` = { seat(n), side(n) }; `all` the shot's calls; `next`
// the seat to move after it), "" to leave it unsaid, or null to say it as the server gave it.
// A call the catalogue does not know (a game installed by entry point brings its referee's words
// to the command line, not to the page) is said plainly: the player, what was called and its
// parameters ("Ann — points: 3"), never the bare key.
export function call(c, shot, names) {
  if (has(c.key)) return null;
  const p = Object.entries(c.params || {});
  const what = p.length === 1 && p[0][0] === words(c.key)
    ? `${words(p[0][0])}: ${p[0][1]}`
    : [words(c.key), ...p.map(([k, v]) => `${words(k)}: ${v}`)].join(", ");
  return Number.isInteger(shot?.seat) ? `${names.seat(shot.seat)} — ${what}` : what;
}

// A call's parameters in words (changed in place), for a call said as the server gave it.
export function params(p) { return p; }
