// The referee's calls as the players hear them: the server's calls (catalogue keys, from the games'
// rulings) with the player and the ball named from the ruling itself — "Oleh pots the pink — 6,
// break 23", "Foul by Eve — in-off. 4 to Oleh", the choice made after a foul and why the balls
// moved, a 20 with its shooter — and a crokinole disc removed for a missed opponent said once (the
// foul already says so).
import { has, sentence, t } from "./i18n.js";

// "red3" -> "red", "pink" -> "pink" (snooker ball ids, cueboard/games/snooker).
export function colourOfBall(id) { return String(id).replace(/\d+$/, ""); }

// A crokinole disc id "s<seat>-<nn>" -> its seat, or null.
export function seatOfDisc(id) {
  const m = typeof id === "string" && id.match(/^s(\d)-\d+$/);
  return m ? parseInt(m[1], 10) : null;
}

function snookerCall(c, shot, names) {
  const r = shot.ruling || {};
  const name = names.seat(r.striker ?? shot.seat);
  if (c.key === "ref.snooker.points" && r.scored?.length) {
    const balls = r.scored.map((b) => t(`ball.${colourOfBall(b)}`));
    const params = { name, points: c.params.points, break: c.params.break };
    return r.scored.length === 1 ? t("call.snooker.pot", { ...params, ball: balls[0] })
      : t("call.snooker.pots", { ...params, balls: balls.join(", ") });
  }
  if (c.key === "ref.snooker.foul") {
    const other = r.penalty_to === null || r.penalty_to === undefined ? "—" : names.side(r.penalty_to);
    return t("call.snooker.foul", { name, other, penalty: c.params.penalty, reason_key: c.params.reason_key });
  }
  if (c.key === "ref.snooker.no_score") return t("call.snooker.no_score", { name });
  return null;
}

function choiceCall(c, shot, names) {
  const choice = shot.declaration?.choice;
  if (c.key !== "ref.choice_made" || !choice) return null;
  const key = `call.choice.${choice}`;
  if (!has(key)) return null;
  const r = shot.ruling || {};
  const next = r.next_player ?? r.next_to_move;
  const other = next === null || next === undefined ? "—" : names.seat(next);
  return t(key, { name: names.seat(shot.seat), other });
}

function crokinoleCall(c, shot, names, all) {
  if (c.key === "ref.crokinole.twenty") {
    const seat = seatOfDisc(c.params.disc);
    return t("call.crokinole.twenty", { name: names.seat(seat ?? shot.seat) });
  }
  // a concession has no shot: it is said as such, not as a fair shot
  if (c.key === "ref.crokinole.fair" && shot.ruling?.conceded_by !== null && shot.ruling?.conceded_by !== undefined) {
    return t("call.crokinole.concede", { side: names.side(shot.ruling.conceded_by) });
  }
  if (c.key === "ref.crokinole.fair") return t("call.crokinole.fair", { name: names.seat(shot.seat) });
  // The shot disc of a foul (no opponent disc hit; an open shot short of the 15) is removed by
  // that foul: one call, not two.
  const sameAsFoul = { "removal.missed": "ref.crokinole.foul.missed_opponent",
    "removal.open_shot_outside_15": "ref.crokinole.foul.open_shot_outside_15" }[c.params?.reason_key];
  if (c.key === "ref.crokinole.removed" && sameAsFoul && all.some((x) => x.key === sameAsFoul)) return "";
  return null;
}

function novussCall(c, shot, names, next) {
  if (c.key === "ref.novuss.penalty") return t("call.novuss.penalty", { name: names.seat(shot.seat), reason_key: c.params.reason_key });
  if (c.key === "ref.novuss.again") return t("call.novuss.again", { name: names.seat(shot.seat) });
  if (c.key === "ref.novuss.turn_over" && next !== null && next !== undefined) return t("call.novuss.turn_over", { name: names.seat(next) });
  return null;
}

// The texts of a shot's calls. `names` = { seat(n), side(n), say(call) }; `next` the seat to move
// after the shot when known. A call without a richer form is said as the server gave it.
export function shotCalls(game, shot, names, next = null) {
  const all = shot.announcements || [];
  const out = [];
  for (const c of all) {
    let text = choiceCall(c, shot, names);
    if (text === null && game === "snooker") text = snookerCall(c, shot, names);
    if (text === null && game === "crokinole") text = crokinoleCall(c, shot, names, all);
    if (text === null && game === "novuss") text = novussCall(c, shot, names, next ?? shot.ruling?.next_to_move);
    if (text === null) text = names.say(c);
    if (text) out.push(sentence(text));
  }
  return out;
}
