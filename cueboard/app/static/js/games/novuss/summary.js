// Novuss's end-screen summary (summary.js): each side's own discs pocketed, the penalty discs
// (LNF rules' penalty cases), the strokes.
import { t } from "/static/js/i18n.js";

export function tally(shot, side) {
  const r = shot.ruling || {};
  if (r.penalty) side.penalties += 1;
  side.pocketed += (r.own_pocketed || []).length;
}

export function rows(stats) {
  return [[t("score.pocketed"), (i) => stats[i].pocketed], [t("end.penalties"), (i) => stats[i].penalties],
    [t("end.strokes"), (i) => stats[i].strokes]];
}
