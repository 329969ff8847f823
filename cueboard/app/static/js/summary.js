// End screens: the frame / round / match summary from the stored shots and their rulings —
// snooker breaks, balls potted, strokes that scored and fouls; crokinole 20s and each round's
// points; novuss discs pocketed and penalty discs — with Rematch and Close (or Continue).
import { seatOfDisc } from "./calls.js";
import { t } from "./i18n.js";
import { el } from "./dom.js";

// Per side statistics of a list of shots (`sideOf` seat -> side).
export function statistics(game, shots, sideOf) {
  const blank = () => ({ strokes: 0, scored: 0, potted: 0, fouls: 0, twenties: 0, penalties: 0, pocketed: 0, rounds: [] });
  const sides = [blank(), blank()];
  for (const s of shots) {
    const r = s.ruling || {};
    const side = sides[sideOf(s.seat)];
    if (!side) continue;
    if (s.kind === "shot") side.strokes += 1;
    if (game === "snooker") {
      if (s.kind === "shot" && (r.points || 0) > 0 && !r.foul) side.scored += 1;
      side.potted += r.foul ? 0 : (r.scored || []).length;
      if (r.foul) side.fouls += 1;
    } else if (game === "crokinole") {
      for (const d of r.twenties || []) { const own = sides[sideOf(seatOfDisc(d) ?? s.seat)]; if (own) own.twenties += 1; }
      if (r.foul) side.fouls += 1;
      if (r.round_result) r.round_result.points.forEach((p, i) => sides[i].rounds.push(p));
    } else {
      if (r.penalty) side.penalties += 1;
      side.pocketed += (r.own_pocketed || []).length;
    }
  }
  return sides;
}

// The rows of the summary table for a game: [label, side -> value].
export function summaryRows(game, stats, scoreboard) {
  const extra = (key) => (i) => scoreboard?.sides[i]?.extra.find((e) => e.key === key)?.value ?? "";
  const rate = (i) => `${stats[i].scored} / ${stats[i].strokes}` + (stats[i].strokes ? ` (${Math.round(100 * stats[i].scored / stats[i].strokes)}%)` : "");
  if (game === "snooker") {
    return [[t("score.score"), (i) => scoreboard?.sides[i]?.score ?? ""], [t("end.breaks"), extra("score.highest_break")],
      [t("end.potted"), (i) => stats[i].potted], [t("end.pot_rate"), rate], [t("end.fouls"), (i) => stats[i].fouls]];
  }
  if (game === "crokinole") {
    return [[t("score.score"), (i) => scoreboard?.sides[i]?.score ?? ""], [t("end.twenties"), (i) => stats[i].twenties],
      [t("end.round_points"), (i) => stats[i].rounds.join(" · ") || "0"], [t("end.strokes"), (i) => stats[i].strokes]];
  }
  return [[t("score.pocketed"), (i) => stats[i].pocketed], [t("end.penalties"), (i) => stats[i].penalties],
    [t("end.strokes"), (i) => stats[i].strokes]];
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
