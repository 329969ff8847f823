// Crokinole's door in the lobby (lobby.js): a small picture of the round board — its rings, the
// 20-hole, a light and a dark disc.
export function picture(shape) {
  const out = [shape("circle", { cx: 60, cy: 40, r: 38, fill: "#2b1a0e" }), shape("circle", { cx: 60, cy: 40, r: 34, fill: "#e4c48f" })];
  for (const r of [24, 12]) out.push(shape("circle", { cx: 60, cy: 40, r, fill: "none", stroke: "#3d2a16", "stroke-width": 1 }));
  out.push(shape("circle", { cx: 60, cy: 40, r: 2.5, fill: "#1a1008" }), shape("circle", { cx: 52, cy: 46, r: 3, fill: "#efd9a7", stroke: "#6d4522" }), shape("circle", { cx: 70, cy: 32, r: 3, fill: "#3b2716" }));
  return out;
}
