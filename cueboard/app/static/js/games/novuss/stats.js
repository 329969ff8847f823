// Novuss's statistics per player (cueboard/app/stats_novuss.py): pucks, turns, pucks per turn and
// the most in one turn, fouls by the LNF rules' penalty case.
import { t } from "/static/js/i18n.js";
import { num } from "/static/js/stats.js";

export function rows() {
  return [
    [t("stats.pucks"), (p) => num(p.pucks)],
    [t("stats.turns"), (p) => num(p.turns)],
    [t("stats.pucks_per_turn"), (p) => num(p.pucks_per_turn)],
    [t("stats.most_pucks"), (p) => num(p.most_pucks_in_turn)],
    [t("stats.fouls"), (p) => `${p.fouls}${Object.keys(p.fouls_by_case).length ? ` (${Object.entries(p.fouls_by_case).map(([c, n]) => `${t(`novuss.penalty.${c}`)}: ${n}`).join("; ")})` : ""}`],
  ];
}

export const formats = [];
