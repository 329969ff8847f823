// The novuss board on the page (the Latvian Novuss Federation's board: the rails, the four corner
// pockets, the edge zones and the central circle, from /api/games/novuss/spec): the striker and the
// discs in their sides' colours, the cue, the aim's rails, the penalty-disc warning, the power's
// reach and the strike's fields. The functions every table module offers are listed in
// games/generic/table.js.
import { circle } from "/static/js/draw.js";
import { rayBox, snapToBox } from "/static/js/aim.js";
import { t } from "/static/js/i18n.js";

// Side 0 plays the white discs, side 1 the black; the striker is red.
const SIDES = ["#f2efe6", "#1c1c1c"];
const DISC_COLOURS = { white: SIDES[0], black: SIDES[1] };
const STRIKER = "#b3261e";

// Speeds (m/s) the power spans; it starts at 1.5 m/s: the striker crosses the board to the player's
// own discs on the far side (1.04 m on an open board).
export const speeds = { min: 0.3, max: 5, start: 1.5 };
export const aimStep = 0.1;
export const pull = 0.3;
export const cue = { length: 0.9, draw: 0.06 };
export const loud = 2.5;

export function frame(s) {
  const d = s.size + 2 * s.rail_width + 0.04;
  return { size: [d, d], centre: [0, 0], turned: false };
}

// `seat`: the player to strike, whose edge zone is shaded.
export function drawTable(ctx, v, seat) {
  const s = v.spec, k = v.scale, h = s.half, rw = s.rail_width;
  const [ox, oy] = v.toScreen(-h - rw, h + rw);
  ctx.fillStyle = "#5b3a1d"; ctx.fillRect(ox, oy, (s.size + 2 * rw) * k, (s.size + 2 * rw) * k);
  const [px0, py0] = v.toScreen(-h, h);
  ctx.fillStyle = "#e8cf9c"; ctx.fillRect(px0, py0, s.size * k, s.size * k);
  ctx.strokeStyle = "#3a2814"; ctx.lineWidth = Math.max(1, s.line_width * k);
  const e = s.edge_zone_line;
  const [lx0, ly0] = v.toScreen(-e, e); ctx.strokeRect(lx0, ly0, 2 * e * k, 2 * e * k);
  const [cx, cy] = v.toScreen(0, 0); ctx.beginPath(); ctx.arc(cx, cy, s.centre_radius * k, 0, 2 * Math.PI); ctx.stroke();
  for (const [x, y] of [[0, -h], [0, h], [-h, 0], [h, 0]]) {  // middle lines of the edge zones
    const [a, b] = v.toScreen(x, y), [c, d] = v.toScreen(x * (e / h), y * (e / h));
    ctx.beginPath(); ctx.moveTo(a, b); ctx.lineTo(c, d); ctx.stroke();
  }
  if (seat !== undefined && seat !== null) {
    const zone = [[-h, -h, s.size, s.edge_zone], [-h, -h, s.edge_zone, s.size], [-h, e, s.size, s.edge_zone], [e, -h, s.edge_zone, s.size]][seat];
    const [zx, zy] = v.toScreen(zone[0], zone[1] + zone[3]);
    ctx.fillStyle = "rgba(224,165,38,.18)"; ctx.fillRect(zx, zy, zone[2] * k, zone[3] * k);
  }
  for (const [, [x, y]] of Object.entries(s.pocket_centres)) { const [qx, qy] = v.toScreen(x, y); circle(ctx, qx, qy, s.pocket_radius * k, "#120b05"); }
}

export function radius(s, p) { return p.kind === "striker" ? s.striker_radius : s.disc_radius; }

// A disc's owner is its side.
export function colour(p) {
  if (p.kind === "striker") return STRIKER;
  return DISC_COLOURS[p.colour] || SIDES[p.owner === 0 ? 0 : 1];
}
export function sideColours() { return SIDES; }

export function paintPiece(ctx, view, p, px, py, r, fill) {
  circle(ctx, px, py, r, fill, "rgba(0,0,0,.6)", 1.2);
  const hole = p.kind === "striker" ? view.spec.striker_hole_radius : view.spec.disc_hole_radius;
  circle(ctx, px, py, hole * view.scale, "#e8cf9c", "rgba(0,0,0,.35)", 1);
}

// The striker, or a side's disc ("Eve's disc").
export function pieceName(p, screen) {
  return p.kind === "striker" ? t("piece.novuss") : t("piece.disc_of", { name: screen.nameOfSide(p.owner) });
}

export function walls(s, at, d, r) { return rayBox(at, d, -s.half + r, s.half - r, -s.half + r, s.half - r); }

// The striker wholly inside its zone: its radius off the rail and off the line's inner edge
// (cueboard/games/novuss/geometry.py check_striker_placement), a line's width to spare.
export function snap(s, placement, w, tol) { return snapToBox(placement, w, tol, s.striker_radius + s.line_width); }

// A disc is dark for the player at `seat` in the central circle or in his own edge zone with the
// line not showing through its hole (cueboard/games/novuss/geometry.py is_dark).
export function dark(s, seat, x, y) {
  const lw = s.line_width / 2, hole = s.disc_hole_radius;
  const depth = [-y, -x, y, x][seat];  // distance towards the seat's rail
  return Math.hypot(x, y) + hole <= s.centre_radius - lw || depth - hole >= s.edge_zone_line + lw;
}

// The penalty disc (rules 2 and 4): a direct stroke whose first contact is an opponent's disc
// (while the player still has a light disc to pocket) or an own dark disc.
export function aimWarning(screen, hit, others) {
  if (!hit || hit.kind !== "disc") return null;
  const s = screen.spec, seat = screen.turn.seat, mine = screen.sideOfSeat(seat);
  if (hit.owner === mine) return dark(s, seat, hit.x, hit.y) ? t("match.novuss_dark_first") : null;
  const light = others.some((p) => p.kind === "disc" && p.owner === mine && !dark(s, seat, p.x, p.y));
  return light ? t("match.novuss_opponent_first") : null;
}

// The striker slides to rest after v²/2μg (the disc physics' sliding friction μ 0.11), metres.
export function travelText(s, v) { return t("match.travel", { m: (v * v / (2 * 0.11 * 9.81)).toFixed(2) }); }

export function strikeBody(ui, speed, angle) { return { declaration: {}, strike: { x: ui.placed[0], y: ui.placed[1], speed, angle } }; }
