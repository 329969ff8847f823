// Novuss's door in the lobby (lobby.js): a small picture of the square board — its frame, the four
// corner pockets, each side's row of discs (white and black).
export function picture(shape) {
  const out = [shape("rect", { x: 20, y: 0, width: 80, height: 80, fill: "#5b3a1d" }), shape("rect", { x: 26, y: 6, width: 68, height: 68, fill: "#e8cf9c" })];
  for (const [x, y] of [[28, 8], [92, 8], [28, 72], [92, 72]]) out.push(shape("circle", { cx: x, cy: y, r: 4, fill: "#120b05" }));
  for (let i = 0; i < 6; i++) out.push(shape("circle", { cx: 45 + 6 * i, cy: 12, r: 2.5, fill: "#f2efe6" }), shape("circle", { cx: 45 + 6 * i, cy: 68, r: 2.5, fill: "#1c1c1c" }));
  return out;
}
