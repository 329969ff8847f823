// Novuss's calls as the players hear them (the Latvian Novuss Federation's rules): each names the
// player — a penalty disc and why, a stroke again, the turn passing, the discs pocketed.
import { t } from "/static/js/i18n.js";

export function call(c, shot, names, all, next) {
  const name = names.seat(shot.seat);
  if (c.key === "ref.novuss.penalty") return t("call.novuss.penalty", { name, reason_key: c.params.reason_key });
  if (c.key === "ref.novuss.again") return t("call.novuss.again", { name });
  if (c.key === "ref.novuss.own_pocketed") return t("call.novuss.own_pocketed", { name, count: c.params.count });
  if (c.key === "ref.novuss.opponent_pocketed") return t("call.novuss.opponent_pocketed", { name, count: c.params.count });
  if (c.key === "ref.novuss.debt") return t("call.novuss.debt", { name });
  const to = next ?? shot.ruling?.next_to_move;
  if (c.key === "ref.novuss.turn_over" && to !== null && to !== undefined) return t("call.novuss.turn_over", { name: names.seat(to) });
  return null;
}
