// The scorer part of a game that ships none of its own (a game installed as its own package whose
// keeper takes entries in words): no rules settings on the form; the screen shows the sides'
// scores and the referee's calls, and takes each entry as a line of words.
import { t } from "/static/js/i18n.js";
import { KeptScreen, wordsForm } from "/static/js/scorer_kept.js";

export const defaults = {};
export function formRows() { return []; }
export function body() { return {}; }

const part = {
  reset() {},
  side: (screen, n) => screen.m.summary.sides?.[n] ?? screen.seat(n),
  pad: (screen) => [wordsForm(screen, t("scorer.line"))],
};

export function screen(root, match) { return new KeptScreen(root, match, part); }
