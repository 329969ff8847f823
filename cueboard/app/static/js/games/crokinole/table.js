// The crokinole board on the page (the NCA board: the 20-hole, the 15 and 10 rings, the eight
// pegs, the shooting line and the ditch, from /api/games/crokinole/spec): the discs in their
// sides' colours, the flick, the aim's pegs and edge, the valid-shot warning, the power's reach and
// the strike's fields. The functions every table module offers are listed in games/generic/table.js.
import { circle } from "/static/js/draw.js";
import { rayCircle } from "/static/js/aim.js";
import { t } from "/static/js/i18n.js";

// Side 0 plays the light discs, side 1 the dark.
const SIDES = ["#efd9a7", "#3b2716"];
const DISC_COLOURS = { light: SIDES[0], dark: SIDES[1] };

// Speeds (m/s) the power spans; it starts at 0.7 m/s: a disc flicked from the shooting line at the
// centre stops in the 15 zone (the disc physics: 55 mm from the centre).
export const speeds = { min: 0.2, max: 3, start: 0.7 };
export const aimStep = 0.1;
export const pull = 0.12;
// The flicking finger's path behind the disc, 0.12 m, drawn back 0.03 m at full power.
export const cue = { length: 0.12, draw: 0.03, finger: true };
export const loud = 1.5;

export function frame(s) {
  const d = 2 * (s.surface_radius + s.ditch_width) + 0.06;
  return { size: [d, d], centre: [0, 0], turned: false };
}

// `seat`: the shooter, whose arc of the shooting line is marked.
export function drawTable(ctx, v, seat) {
  const s = v.spec, k = v.scale, [cx, cy] = v.toScreen(0, 0);
  circle(ctx, cx, cy, (s.surface_radius + s.ditch_width) * k, "#2b1a0e");
  circle(ctx, cx, cy, s.surface_radius * k, "#e4c48f", "#6d4522", 2);
  ctx.strokeStyle = "#3d2a16"; ctx.lineWidth = Math.max(1, 0.002 * k);
  for (const r of [s.shooting_radius, s.ten_radius, s.fifteen_radius]) { ctx.beginPath(); ctx.arc(cx, cy, r * k, 0, 2 * Math.PI); ctx.stroke(); }
  for (let q = 0; q < 4; q++) {
    const a = Math.PI / 4 + q * Math.PI / 2;
    const [x1, y1] = v.toScreen(s.ten_radius * Math.cos(a), s.ten_radius * Math.sin(a));
    const [x2, y2] = v.toScreen(s.shooting_radius * Math.cos(a), s.shooting_radius * Math.sin(a));
    ctx.beginPath(); ctx.moveTo(x1, y1); ctx.lineTo(x2, y2); ctx.stroke();
  }
  if (seat !== undefined && seat !== null) {
    const a0 = s.seat_angles[seat];
    ctx.strokeStyle = "rgba(224,165,38,.9)"; ctx.lineWidth = Math.max(2, 0.004 * k);
    ctx.beginPath(); ctx.arc(cx, cy, s.shooting_radius * k, -(a0 + Math.PI / 4), -(a0 - Math.PI / 4)); ctx.stroke();
  }
  circle(ctx, cx, cy, s.hole_radius * k, "#1a1008");
  for (const [x, y] of s.peg_positions) { const [px, py] = v.toScreen(x, y); circle(ctx, px, py, s.peg_radius * k, "#222", "#000"); }
}

export function radius(s) { return s.disc_radius; }

// A disc's owner is its seat; its colour its side's (side 0 light, side 1 dark): with two players
// the seats 0 and 2 are opponents, with four they are partners (`sideOf`: seat -> side).
export function colour(p, sideOf) {
  const side = sideOf?.[p.owner ?? 0] ?? (p.owner ?? 0) % 2;
  return DISC_COLOURS[p.colour] || SIDES[side];
}
export function sideColours() { return SIDES; }

export function paintPiece(ctx, view, p, px, py, r, fill) {
  circle(ctx, px, py, r, fill, "rgba(0,0,0,.6)", 1.2);
  circle(ctx, px, py, r * 0.35, null, "rgba(0,0,0,.35)", 1);
}

export function pieceName(p, screen) { return t("piece.disc_of", { name: screen.nameOfSeat(p.owner) }); }

// The pegs, and the playing surface's edge (the disc leaves it for the ditch).
export function walls(s, at, d, r) {
  let wall = Infinity;
  for (const [x, y] of s.peg_positions) wall = Math.min(wall, rayCircle(at, d, [x, y], r + s.peg_radius));
  const edge = s.surface_radius - r;
  const b = at[0] * d[0] + at[1] * d[1], cc = at[0] ** 2 + at[1] ** 2 - edge * edge;
  return Math.min(wall, -b + Math.sqrt(Math.max(0, b * b - cc)));
}

// The disc snaps onto the shooting line of the seat's quadrant within `tol` metres.
export function snap(s, placement, w, tol) {
  const [x, y] = w, R = s.shooting_radius, a0 = s.seat_angles[placement.seat];
  const rr = Math.hypot(x, y);
  let da = Math.atan2(Math.sin(Math.atan2(y, x) - a0), Math.cos(Math.atan2(y, x) - a0));
  const lim = Math.PI / 4 - 1e-3;
  if (Math.abs(rr - R) > tol) return w;
  if (Math.abs(da) > lim && (Math.abs(da) - lim) * R <= tol) da = Math.sign(da) * lim;
  return [R * Math.cos(a0 + da), R * Math.sin(a0 + da)];
}

// With an opponent's disc on the board the shot must hit one (NCA rules, a valid shot) — by way of
// a peg or another disc counts too, so the warning says so.
export function aimWarning(screen, hit, others) {
  const mine = screen.sideOfSeat(screen.turn.seat);
  const theirs = others.filter((p) => p.kind === "disc" && p.owner !== null && p.owner !== undefined && screen.sideOfSeat(p.owner) !== mine);
  return theirs.length && !theirs.includes(hit) ? t("match.crokinole_not_opponent") : null;
}

// A disc slides to rest after v²/2μg (the disc physics' sliding friction μ 0.10), metres.
export function travelText(s, v) { return t("match.travel", { m: (v * v / (2 * 0.10 * 9.81)).toFixed(2) }); }

export function strikeBody(ui, speed, angle) { return { declaration: {}, strike: { start: ui.placed, speed, angle } }; }

// The flick; a peg rings, the ditch thuds.
export function voice(kind, shape) {
  if (kind === "strike") return "flick";
  if (kind === "cushion") return shape?.startsWith("peg:") ? "peg" : "rail";
  if (kind === "off_table") return "ditch";
  return null;
}
