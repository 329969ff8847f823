// Crokinole's calls as the players hear them (the NCA rules, https://www.crokinole.com): a 20
// with its shooter, a fair shot and a foul by its player, a concession by its side, a disc by its
// number and its player — and a disc removed for a missed opponent said once (the foul already
// says so).
import { t } from "/static/js/i18n.js";
import { seatOfDisc } from "/static/js/calls.js";

// The foul that removes the shot disc, by the removal's reason: one call, not two.
const SAME_AS_FOUL = {
  "removal.missed": "ref.crokinole.foul.missed_opponent",
  "removal.open_shot_outside_15": "ref.crokinole.foul.open_shot_outside_15",
};
// The fouls said with the player's name.
const FOULS = {
  "ref.crokinole.foul.missed_opponent": "call.crokinole.missed_opponent",
  "ref.crokinole.foul.open_shot_outside_15": "call.crokinole.open_shot_outside_15",
};

export function call(c, shot, names, all) {
  if (c.key === "ref.crokinole.twenty") return t("call.crokinole.twenty", { name: names.seat(seatOfDisc(c.params.disc) ?? shot.seat) });
  // a concession has no shot: it is said as such, not as a fair shot
  const conceded = shot.ruling?.conceded_by;
  if (c.key === "ref.crokinole.fair" && conceded !== null && conceded !== undefined) return t("call.crokinole.concede", { side: names.side(conceded), pair: !!names.pair?.(conceded) });
  if (c.key === "ref.crokinole.fair") return t("call.crokinole.fair", { name: names.seat(shot.seat) });
  if (c.key in FOULS) return t(FOULS[c.key], { name: names.seat(shot.seat) });
  if (c.key === "ref.crokinole.removed" && all.some((x) => x.key === SAME_AS_FOUL[c.params?.reason_key])) return "";
  return null;
}

// A disc id "s<seat>-<nn>" reads as its number and its player: "2 (Eve)".
export function params(p, names) {
  const disc = typeof p.disc === "string" && p.disc.match(/^s(\d)-(\d+)$/);
  if (disc) p.disc = `${parseInt(disc[2], 10)} (${names.seat(parseInt(disc[1], 10))})`;
  return p;
}
