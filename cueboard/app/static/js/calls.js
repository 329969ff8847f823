// The referee's calls as the players hear them: the server's calls (catalogue keys, from the games'
// rulings) worded by each game's page module (/games/<game>/calls.js: the player and the piece
// named — "Oleh pots the pink — 6, break 23", "Foul by Eve — in-off. 4 to Oleh", a 20 with its
// shooter) and here the choice made after a foul, named and said (S3 R10: play on, put the
// offender in again, have the balls replaced).
import { gamePart } from "./gamepage.js";
import { has, sentence, t } from "./i18n.js";

// Each game's calls module, loaded once by loadCalls (a game without its own has the generic one).
const wording = new Map();
const PLAIN = { call: () => null };

// Load the calls modules of `games` (names): the page does so once at start, so that the calls
// are worded at once wherever they are said (the table, the scorer). A module that cannot be
// loaded leaves its game's calls said as the server gave them; the page still opens.
export async function loadCalls(games) {
  await Promise.all(games.map((game) => gamePart(game, "calls").then((m) => { wording.set(game, m); }, () => {})));
}

function callsOf(game) { return wording.get(game) || PLAIN; }

// A crokinole disc id "s<seat>-<nn>" -> its seat, or null (the disc ids of
// cueboard/games/crokinole, read where a disc's shooter is wanted).
export function seatOfDisc(id) {
  const m = typeof id === "string" && id.match(/^s(\d)-\d+$/);
  return m ? parseInt(m[1], 10) : null;
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

// A call said as the server gave it, its parameters worded by the game's module: a seat or a
// side by its player's name (a side of two players with the verb agreeing: i18n.js `pair`).
export function sayCall(game, msg, names) {
  const own = callsOf(game), p = { ...msg.params };
  own.params?.(p, names);
  if ("side" in p) {
    p.pair = p.side !== null && !!names.pair?.(p.side);
    p.side = p.side === null ? "—" : names.side(p.side);
  }
  if ("seat" in p) p.seat = names.seat(p.seat);
  return t(msg.key, p);
}

// The texts of a shot's calls. `names` = { seat(n), side(n), say(call) }; `next` the seat to move
// after the shot when known. A call without a richer form is said as `names.say` words it.
export function shotCalls(game, shot, names, next = null) {
  const all = shot.announcements || [];
  const own = callsOf(game);
  const out = [];
  for (const c of all) {
    let text = choiceCall(c, shot, names);
    if (text === null) text = own.call(c, shot, names, all, next);
    if (text === null) text = names.say(c);
    if (text) out.push(sentence(text));
  }
  return out;
}
