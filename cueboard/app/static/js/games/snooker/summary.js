// Snooker's end-screen summary (summary.js): the frames won (a match awarded counts the frames
// WPBSA Section 4 Rule 3 gives the winner), the last frame's score, the highest break, the balls
// potted, the strokes that scored (the pot rate) and the fouls.
import { t } from "/static/js/i18n.js";

export function tally(shot, side) {
  const r = shot.ruling || {};
  if (shot.kind === "shot" && (r.points || 0) > 0 && !r.foul) side.scored += 1;
  side.potted += r.foul ? 0 : (r.scored || []).length;
  if (r.foul) side.fouls += 1;
}

export function rows(stats, { score, extra, rate }) {
  return [[t("score.frames"), extra("score.frames")], [t("score.score"), score], [t("end.breaks"), extra("score.highest_break")],
    [t("end.potted"), (i) => stats[i].potted], [t("end.pot_rate"), rate], [t("end.fouls"), (i) => stats[i].fouls]];
}
