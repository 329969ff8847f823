// The end-screen summary of a game that ships none of its own (summary.js): each side's score
// and strokes, and the fouls its referee called.
import { t } from "/static/js/i18n.js";

export function tally(shot, side) {
  if ((shot.ruling || {}).foul) side.fouls += 1;
}

export function rows(stats, { score }) {
  return [[t("score.score"), score], [t("end.strokes"), (i) => stats[i].strokes], [t("end.fouls"), (i) => stats[i].fouls]];
}
