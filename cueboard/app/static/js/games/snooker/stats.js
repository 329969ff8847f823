// Snooker's statistics (cueboard/app/stats_snooker.py): pot success overall, per colour and for
// long pots, safeties, every break of 25 or more with the 50+ / 100+ counts and the highest, fouls
// by kind and the points they gave; a kept match's handicap starts and total points
// (cueboard/app/scorer_snooker.py).
import { t } from "/static/js/i18n.js";
import { foulName, list, num, pct } from "/static/js/stats.js";

const BALLS = ["red", "yellow", "green", "brown", "blue", "pink", "black"];

export function rows(stats) {
  // a match kept in the scorer also has the handicap starts and the players' total points
  const kept = (stats.players || []).some((p) => "total_points" in p)
    ? [[t("stats.start_points"), (p) => num(p.start_points)], [t("stats.total_points"), (p) => num(p.total_points)]] : [];
  return [
    ...kept,
    [t("stats.points"), (p) => num(p.points)],
    [t("stats.pot_success"), (p) => pct(p.pot)],
    ...BALLS.map((c) => [`${t("stats.pots_of")} ${t(`ball.${c}`)}`, (p) => pct(p.per_colour[c])]),
    [t("stats.long_pots"), (p) => pct(p.long_pot)],
    [t("stats.safeties"), (p) => pct(p.safety)],
    [t("stats.breaks_25"), (p) => list(p.breaks)],
    [t("stats.breaks_50"), (p) => num(p.breaks_50)],
    [t("stats.breaks_100"), (p) => num(p.breaks_100)],
    [t("score.highest_break"), (p) => num(p.highest_break)],
    [t("stats.fouls"), (p) => (Object.keys(p.fouls).length ? Object.entries(p.fouls).map(([k, n]) => `${foulName(k)}: ${n}`).join("; ") : "—")],
    [t("stats.foul_points"), (p) => num(p.foul_points_given)],
  ];
}

export const formats = [];
