// Snooker's door in the lobby (lobby.js): a small picture of the table — the green cloth in its
// wooden frame with the six pockets, the reds racked, the cue ball and the black.
import { t } from "/static/js/i18n.js";

export function picture(shape) {
  const out = [shape("rect", { x: 4, y: 10, width: 112, height: 60, rx: 6, fill: "#4a2c17" }), shape("rect", { x: 10, y: 16, width: 100, height: 48, fill: "#117a3f" })];
  for (const [x, y] of [[10, 16], [60, 14], [110, 16], [10, 64], [60, 66], [110, 64]]) out.push(shape("circle", { cx: x, cy: y, r: 3.5, fill: "#050505" }));
  for (const [x, y] of [[84, 40], [88, 37], [88, 43], [92, 34], [92, 40], [92, 46]]) out.push(shape("circle", { cx: x, cy: y, r: 2.6, fill: "#c4121f" }));
  out.push(shape("circle", { cx: 30, cy: 40, r: 2.6, fill: "#f6f3e8" }), shape("circle", { cx: 100, cy: 40, r: 2.6, fill: "#141414" }));
  return out;
}

// The result line of a finished match in the lobby's list (lobby.js `result(match)`): a match of
// several frames is won on frames (WPBSA Section 4 Rule 1), so it shows each side's frames won,
// not the last frame's points; a one-frame match keeps its points (null: the lobby's default).
export function result(match) {
  const frame = (match.scoreboard?.rows || []).find((r) => r.key === "score.frame");
  if (match.status === "playing" || !(frame?.of > 1)) return null;
  const frames = (match.scoreboard?.sides || []).map((s) => (s.extra || []).find((e) => e.key === "score.frames")?.value);
  return frames.length && frames.every((f) => f !== undefined) ? `${t("score.frames")} ${frames.join(" : ")}` : null;
}
