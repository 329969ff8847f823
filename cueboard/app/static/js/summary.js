// End screens: the frame / round / match summary from the stored shots and their rulings, with
// Rematch and Close (or Continue). What is counted and shown of one game — snooker breaks, balls
// potted, strokes that scored and fouls; crokinole 20s and each round's points; novuss discs
// pocketed and penalty discs — comes from the game's page module /games/<game>/summary.js
// (gamepage.js): `tally(shot, side, sides, sideOf)` counts a shot, `rows(stats, scoreboard, tools)`
// gives the table's rows.
import { gamePart } from "./gamepage.js";
import { t } from "./i18n.js";
import { el } from "./dom.js";

// Per side statistics of a list of shots (`sideOf` seat -> side).
export async function statistics(game, shots, sideOf) {
  const part = await gamePart(game, "summary");
  const blank = () => ({ strokes: 0, scored: 0, potted: 0, fouls: 0, twenties: 0, penalties: 0, pocketed: 0, rounds: [] });
  const sides = [blank(), blank()];
  for (const s of shots) {
    const side = sides[sideOf(s.seat)];
    if (!side) continue;
    if (s.kind === "shot") side.strokes += 1;
    part.tally(s, side, sides, sideOf);
  }
  return sides;
}

// The rows of the summary table for a game: [label, side -> value].
export async function summaryRows(game, stats, scoreboard) {
  const part = await gamePart(game, "summary");
  const score = (i) => scoreboard?.sides[i]?.score ?? "";
  const extra = (key) => (i) => scoreboard?.sides[i]?.extra.find((e) => e.key === key)?.value ?? "";
  const rate = (i) => `${stats[i].scored} / ${stats[i].strokes}` + (stats[i].strokes ? ` (${Math.round(100 * stats[i].scored / stats[i].strokes)}%)` : "");
  return part.rows(stats, { score, extra, rate });
}

// The dialog: a title, a table (side names as columns), and buttons [{id, label, primary, onclick}].
export function endDialog(title, sideNames, rows, buttons) {
  const table = el("table", { class: "summary" });
  const head = el("tr", {}, el("th", { scope: "col" }, ""));
  for (const n of sideNames) head.append(el("th", { scope: "col" }, n));
  table.append(head);
  for (const [label, value] of rows) {
    const tr = el("tr", {}, el("th", { scope: "row" }, label));
    sideNames.forEach((_, i) => tr.append(el("td", {}, String(value(i)))));
    table.append(tr);
  }
  const row = el("div", { class: "row" });
  for (const b of buttons) row.append(el("button", { id: b.id, class: b.primary ? "primary" : "", onclick: b.onclick }, b.label));
  const box = el("div", { class: "end card", id: "end", role: "dialog", "aria-modal": "false", "aria-labelledby": "end-title" },
    el("h2", { id: "end-title" }, title), table, row);
  return box;
}
