// Snooker's calls as the players hear them (the WPBSA Official Rules of the Games of Snooker and
// English Billiards): the striker and the balls named in the rules' words — "Oleh pots the pink —
// 6, break 23", "Foul by Eve — in-off. 4 to Oleh" — and a ball id ("red3") never said raw.
import { t } from "/static/js/i18n.js";

// "red3" -> "red", "pink" -> "pink" (the ball ids of cueboard/games/snooker).
export function colourOfBall(id) { return String(id).replace(/\d+$/, ""); }

// A ball's name in the page's language: "red", "pink", "cue ball".
export function ballName(id) { return t(`ball.${colourOfBall(id)}`); }

export function call(c, shot, names) {
  const r = shot.ruling || {};
  const name = names.seat(r.striker ?? shot.seat);
  if (c.key === "ref.snooker.points" && r.scored?.length) {
    const balls = r.scored.map(ballName);
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

// A call's parameters in words: a ball (respotted, touching) by its colour.
export function params(p) {
  if (typeof p.ball === "string") p.ball = ballName(p.ball);
  return p;
}
