// Crokinole's end-screen summary (summary.js): the score, each side's 20s (a disc shot into the
// 20-hole counts for the side whose disc it is), the points of each round, the strokes.
import { seatOfDisc } from "/static/js/calls.js";
import { t } from "/static/js/i18n.js";

export function tally(shot, side, sides, sideOf) {
  const r = shot.ruling || {};
  for (const d of r.twenties || []) { const own = sides[sideOf(seatOfDisc(d) ?? shot.seat)]; if (own) own.twenties += 1; }
  if (r.foul) side.fouls += 1;
  if (r.round_result) r.round_result.points.forEach((p, i) => sides[i].rounds.push(p));
}

export function rows(stats, { score }) {
  return [[t("score.score"), score], [t("end.twenties"), (i) => stats[i].twenties],
    [t("end.round_points"), (i) => stats[i].rounds.join(" · ") || "0"], [t("end.strokes"), (i) => stats[i].strokes]];
}
