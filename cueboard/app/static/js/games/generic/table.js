// The table of a game without its own page module (a game installed by entry point alone): the
// rectangle its spec gives — `length` along y from 0 and `width` across x about 0, or a square of
// `size` about the origin — with its pieces as circles in their sides' colours. A game's own
// table.js (its adapter's page_dir, /games/<game>/table.js) exports the same names:
//   speeds {min, max, start} (m/s), aimStep (degrees), pull (m of drag for full power),
//   cue {length, draw, finger}, loud (m/s heard at full volume), endTitle (a catalogue key);
//   frame(spec, tall) -> {size: [x extent, y extent], centre: [x, y], turned},
//   drawTable(ctx, view, seat), radius(spec, piece), colour(piece, sideOf), sideColours(),
//   paintPiece(ctx, view, piece, px, py, r, fill) (optional), pieceName(piece, screen),
//   walls(spec, at, dir, r), snap(spec, placement, point, tol), aimWarning(screen, hit, others),
//   travelText(spec, speed), strikeBody(ui, speed, angle), voice(kind, shape),
//   controls(screen) and panels(screen) (optional: the stroke's and the replay card's extras),
//   startOf(spec, piece) (optional: where a piece to strike that is not on the table yet starts,
//   when the rules place nothing by hand).
import { rayBox, snapToBox } from "/static/js/aim.js";
import { t } from "/static/js/i18n.js";

const SIDES = ["#f2efe6", "#c4121f"];
const G = 9.81;

// A gentle range for a game whose page says nothing of its strokes.
export const speeds = { min: 0.1, max: 3, start: 1 };
export const aimStep = 0.1;
export const pull = 0.2;
export const cue = { length: 0.5, draw: 0.05 };
export const loud = 2;
export const endTitle = "end.game";

// The bed: [x0, y0, x1, y1], metres.
export function bed(s) {
  if (s.length > 0 && s.width > 0) return [-s.width / 2, 0, s.width / 2, s.length];
  const h = (s.size > 0 ? s.size : 2) / 2;
  return [-h, -h, h, h];
}

// A long table is drawn across a wide screen, along a tall one.
export function frame(s, tall) {
  const [x0, y0, x1, y1] = bed(s), w = x1 - x0, l = y1 - y0, m = 0.1 * Math.max(w, l);
  return { size: [w + m, l + m], centre: [(x0 + x1) / 2, (y0 + y1) / 2], turned: !tall && l > w };
}

export function drawTable(ctx, v) {
  const [x0, y0, x1, y1] = bed(v.spec), m = 0.03 * Math.max(x1 - x0, y1 - y0);
  ctx.fillStyle = "#4a3a2a"; ctx.fillRect(...v.rect(x0 - m, y0 - m, x1 + m, y1 + m));
  ctx.fillStyle = "#d8c39a"; ctx.fillRect(...v.rect(x0, y0, x1, y1));
}

// The spec's radius of the piece's kind ("puck" -> puck_radius), else its first radius.
export function radius(s, p) {
  const own = s[`${p.kind}_radius`];
  if (typeof own === "number") return own;
  const any = Object.entries(s).find(([k, x]) => k.endsWith("_radius") && typeof x === "number");
  return any ? any[1] : 0.03;
}

export function colour(p, sideOf) {
  const side = sideOf?.[p.owner] ?? p.owner;
  return SIDES[side] ?? "#888";
}
export function sideColours() { return SIDES; }

export function pieceName() { return null; }

// A piece struck from off the table starts where the spec says (`start_x`, `start_y`), else at the
// middle of the bed's near end: the toy shuffleboard's pucks all slide from its origin.
export function startOf(s) {
  const [x0, y0, x1] = bed(s);
  return [typeof s.start_x === "number" ? s.start_x : (x0 + x1) / 2, typeof s.start_y === "number" ? s.start_y : y0];
}

export function walls(s, at, d, r) {
  const [x0, y0, x1, y1] = bed(s);
  return rayBox(at, d, x0 + r, x1 - r, y0 + r, y1 - r);
}

export function snap(s, placement, w, tol) { return snapToBox(placement, w, tol); }

export function aimWarning() { return null; }

// With the spec's sliding friction `mu`, a piece stops after v²/2μg.
export function travelText(s, v) { return s.mu > 0 ? t("match.travel", { m: (v * v / (2 * s.mu * G)).toFixed(2) }) : ""; }

export function strikeBody(ui, speed, angle) {
  return { declaration: {}, strike: ui.placed ? { x: ui.placed[0], y: ui.placed[1], speed, angle } : { speed, angle } };
}

export function voice() { return null; }
