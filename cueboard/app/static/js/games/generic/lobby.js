// The lobby's picture of a game that ships none of its own (lobby.js): a plain board with two
// pieces, one a side.
export function picture(shape) {
  return [shape("rect", { x: 14, y: 8, width: 92, height: 64, rx: 4, fill: "#6b4a2b" }), shape("rect", { x: 20, y: 14, width: 80, height: 52, fill: "#d9c39a" }),
    shape("circle", { cx: 45, cy: 40, r: 4, fill: "#f2efe6", stroke: "#333" }), shape("circle", { cx: 75, cy: 40, r: 4, fill: "#1c1c1c" })];
}
