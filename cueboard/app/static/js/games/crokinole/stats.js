// Crokinole's statistics per side (cueboard/app/stats_crokinole.py): rounds won, tied and lost, the
// 20s and the points of each round with their averages, the score; and its own export, the game
// as Crokinole Match Notation (cueboard/app/cmn.py).
import { t } from "/static/js/i18n.js";
import { list, num } from "/static/js/stats.js";

export function rows() {
  return [
    [t("stats.rounds_won"), (s) => `${s.rounds_won} · ${t("stats.tied")} ${s.rounds_tied} · ${t("stats.lost")} ${s.rounds_lost}`],
    [t("stats.twenties_per_round"), (s) => `${list(s.twenties)} (${num(s.twenties_per_round)})`],
    [t("stats.points_per_round"), (s) => `${list(s.points)} (${num(s.points_per_round)})`],
    [t("score.score"), (s) => num(s.score)],
  ];
}

export const formats = [{ path: "cmn", label: "stats.cmn", file: ".cmn.json", id: "export-cmn" }];
