// Top-down drawings of the table / boards from the geometry served by /api/games/<game>/spec
// (the same numbers the engine and the referee use: cueboard/games/*/table.py, board.py).

const BALL_COLOURS = {
  white: "#f6f3e8", red: "#c4121f", yellow: "#f2d21b", green: "#138a3d", brown: "#7a4a1f",
  blue: "#1f4fd1", pink: "#f58fb9", black: "#141414",
};
// The colour-blind option: every ball lettered, the balls that merge with the cloth ringed
// (red, green and brown have a contrast of 1.1–1.4 : 1 on the green cloth).
const LETTERS = { red: "R", yellow: "Y", green: "G", brown: "Br", blue: "Bl", pink: "P", black: "Bk", white: "" };
const LOW_CONTRAST = new Set(["red", "green", "brown", "black"]);
const DISC_COLOURS = { light: "#efd9a7", dark: "#3b2716", white: "#f2efe6", black: "#1c1c1c" };

// The view: world metres <-> canvas pixels. Snooker is drawn lengthways across a wide screen
// (baulk on the left) and along a tall one (`vertical`: a phone held upright, baulk at the bottom).
// The canvas is as large as its box allows: the width of its column, and at most `maxHeight`
// (a fraction of the window's height, set by the page's layout) tall.
export class View {
  constructor(game, spec, canvas) {
    this.game = game; this.spec = spec; this.canvas = canvas;
    this.resize();
  }
  world() {
    const s = this.spec;
    if (this.game === "snooker") return this.vertical ? [s.width + 0.3, s.length + 0.3] : [s.length + 0.3, s.width + 0.3];
    if (this.game === "crokinole") { const d = 2 * (s.surface_radius + s.ditch_width) + 0.06; return [d, d]; }
    const d = s.size + 2 * s.rail_width + 0.04; return [d, d];
  }
  resize() {
    const c = this.canvas;
    const cssW = c.clientWidth || 800;
    const maxH = window.innerHeight * (parseFloat(getComputedStyle(c).getPropertyValue("--max-h")) || 0.78);
    // upright on a tall, narrow screen: the long table along the screen
    this.vertical = this.game === "snooker" && window.innerHeight > window.innerWidth * 1.2;
    const [worldW, worldH] = this.world();
    const cssH = Math.min(cssW * worldH / worldW, maxH);
    const ratio = window.devicePixelRatio || 1;
    c.style.height = `${cssH}px`;
    c.width = Math.round(cssW * ratio); c.height = Math.round(cssH * ratio);
    this.scale = Math.min(c.width / worldW, c.height / worldH);
    this.cx = c.width / 2; this.cy = c.height / 2;
  }
  toScreen(x, y) {
    if (this.game === "snooker") {
      const L = this.spec.length / 2;
      return this.vertical ? [this.cx + x * this.scale, this.cy - (y - L) * this.scale] : [this.cx + (y - L) * this.scale, this.cy + x * this.scale];
    }
    return [this.cx + x * this.scale, this.cy - y * this.scale];
  }
  toWorld(px, py) {
    if (this.game === "snooker") {
      const L = this.spec.length / 2;
      return this.vertical ? [(px - this.cx) / this.scale, L - (py - this.cy) / this.scale] : [(py - this.cy) / this.scale, (px - this.cx) / this.scale + L];
    }
    return [(px - this.cx) / this.scale, (this.cy - py) / this.scale];
  }
  // The screen rectangle [x, y, w, h] of the world box between two corners.
  rect(x0, y0, x1, y1) {
    const [a, b] = this.toScreen(x0, y0), [c, d] = this.toScreen(x1, y1);
    return [Math.min(a, c), Math.min(b, d), Math.abs(c - a), Math.abs(d - b)];
  }
  // Canvas pixels of a pointer event.
  eventWorld(ev) {
    const r = this.canvas.getBoundingClientRect();
    const px = (ev.clientX - r.left) * this.canvas.width / r.width;
    const py = (ev.clientY - r.top) * this.canvas.height / r.height;
    return this.toWorld(px, py);
  }
  // CSS pixels (relative to the page) of a world point: used by the browser tests to click.
  pagePoint(x, y) {
    const [px, py] = this.toScreen(x, y);
    const r = this.canvas.getBoundingClientRect();
    return [r.left + px * r.width / this.canvas.width, r.top + py * r.height / this.canvas.height];
  }
  radiusOf(piece) {
    const s = this.spec;
    if (this.game === "snooker") return s.ball_radius;
    if (this.game === "crokinole") return s.disc_radius;
    return piece.kind === "striker" ? s.striker_radius : s.disc_radius;
  }
}

function circle(ctx, x, y, r, fill, stroke, width = 1) {
  ctx.beginPath(); ctx.arc(x, y, r, 0, 2 * Math.PI);
  if (fill) { ctx.fillStyle = fill; ctx.fill(); }
  if (stroke) { ctx.strokeStyle = stroke; ctx.lineWidth = width; ctx.stroke(); }
}

function drawSnookerTable(ctx, v) {
  const s = v.spec, k = v.scale, hw = s.width / 2, cw = 0.05, m = cw + 0.04;
  ctx.fillStyle = "#4a2c17"; ctx.fillRect(...v.rect(-hw - m, -m, hw + m, s.length + m));
  ctx.fillStyle = "#0d5f32"; ctx.fillRect(...v.rect(-hw - cw, -cw, hw + cw, s.length + cw));
  ctx.fillStyle = "#117a3f"; ctx.fillRect(...v.rect(-hw, 0, hw, s.length));
  ctx.strokeStyle = "rgba(255,255,255,.75)"; ctx.lineWidth = Math.max(1, 0.004 * k);
  const [bx1, by1] = v.toScreen(-hw, s.baulk_y), [bx2, by2] = v.toScreen(hw, s.baulk_y);
  ctx.beginPath(); ctx.moveTo(bx1, by1); ctx.lineTo(bx2, by2); ctx.stroke();
  const [dx, dy] = v.toScreen(0, s.baulk_y);
  const a0 = v.vertical ? 0 : Math.PI / 2;  // the D opens towards the baulk cushion
  ctx.beginPath(); ctx.arc(dx, dy, s.d_radius * k, a0, a0 + Math.PI); ctx.stroke();
  for (const [, [x, y]] of Object.entries(s.spots)) { const [px, py] = v.toScreen(x, y); circle(ctx, px, py, Math.max(1.5, 0.005 * k), "rgba(255,255,255,.8)"); }
  for (const [name, [x, y]] of Object.entries(s.pocket_centres)) {
    const r = (name.startsWith("middle") ? s.middle_mouth : s.corner_mouth) / 2 + 0.006;
    const [px, py] = v.toScreen(x, y); circle(ctx, px, py, r * k, "#050505");
  }
}

function drawCrokinoleBoard(ctx, v, seat) {
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
  if (seat !== undefined && seat !== null) {   // the shooter's arc of the shooting line
    const a0 = s.seat_angles[seat];
    ctx.strokeStyle = "rgba(224,165,38,.9)"; ctx.lineWidth = Math.max(2, 0.004 * k);
    ctx.beginPath(); ctx.arc(cx, cy, s.shooting_radius * k, -(a0 + Math.PI / 4), -(a0 - Math.PI / 4)); ctx.stroke();
  }
  circle(ctx, cx, cy, s.hole_radius * k, "#1a1008");
  for (const [x, y] of s.peg_positions) { const [px, py] = v.toScreen(x, y); circle(ctx, px, py, s.peg_radius * k, "#222", "#000"); }
}

function drawNovussBoard(ctx, v, seat) {
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

export function drawBoard(ctx, view, seat) {
  ctx.clearRect(0, 0, view.canvas.width, view.canvas.height);
  if (view.game === "snooker") drawSnookerTable(ctx, view);
  else if (view.game === "crokinole") drawCrokinoleBoard(ctx, view, seat);
  else drawNovussBoard(ctx, view, seat);
}

// A crokinole disc's owner is its seat; its colour is its side's (side 0 light, side 1 dark): with
// two players the seats 0 and 2 are opponents, with four they are partners (view.sideOf, from the
// scoreboard).
export function pieceColour(game, p, sideOf) {
  if (game === "snooker") return BALL_COLOURS[p.colour] || "#888";
  if (game === "crokinole") {
    const side = sideOf?.[p.owner ?? 0] ?? (p.owner ?? 0) % 2;
    return DISC_COLOURS[p.colour] || (side === 0 ? DISC_COLOURS.light : DISC_COLOURS.dark);
  }
  if (p.kind === "striker") return "#b3261e";
  return DISC_COLOURS[p.colour] || (p.owner === 0 ? DISC_COLOURS.white : DISC_COLOURS.black);
}

// `z`: height of a ball in the air above the bed, m — its shadow marks where it is over the
// bed; the ball is drawn lifted off it (up and left, as if lit from the top left) and larger.
export function drawPiece(ctx, view, p, x, y, alpha = 1, z = 0) {
  const r0 = view.radiusOf(p) * view.scale, [sx, sy] = view.toScreen(x, y);
  const lift = Math.min(z, 0.5), off = lift * view.scale * 0.5;
  const r = r0 * (1 + lift * 4), px = sx - off, py = sy - off;
  if (z > 0) circle(ctx, sx, sy, r0, "rgba(0,0,0,.35)", null, 0);
  ctx.globalAlpha = alpha;
  const fill = pieceColour(view.game, p, view.sideOf);
  if (view.game === "snooker") {
    const g = ctx.createRadialGradient(px - r / 3, py - r / 3, r / 6, px, py, r);
    g.addColorStop(0, "rgba(255,255,255,.85)"); g.addColorStop(0.25, fill); g.addColorStop(1, fill);
    circle(ctx, px, py, r, g, "rgba(0,0,0,.5)", 1);
    if (view.letters && p.colour in LETTERS) {
      if (LOW_CONTRAST.has(p.colour)) circle(ctx, px, py, r + 1.5, null, "#ffffff", 2);
      const text = LETTERS[p.colour];
      if (text) {
        ctx.font = `700 ${Math.max(8, r * (text.length > 1 ? 0.95 : 1.2))}px system-ui, sans-serif`;
        ctx.textAlign = "center"; ctx.textBaseline = "middle";
        ctx.fillStyle = ["yellow", "pink", "white"].includes(p.colour) ? "#000" : "#fff";
        ctx.fillText(text, px, py + 0.5);
      }
    }
  } else {
    circle(ctx, px, py, r, fill, "rgba(0,0,0,.6)", 1.2);
    const hole = view.game === "novuss" ? (p.kind === "striker" ? view.spec.striker_hole_radius : view.spec.disc_hole_radius) : r / view.scale * 0.35;
    circle(ctx, px, py, hole * view.scale, view.game === "novuss" ? "#e8cf9c" : null, "rgba(0,0,0,.35)", 1);
  }
  ctx.globalAlpha = 1;
}

export function drawPieces(ctx, view, pieces, positions) {
  for (const p of pieces) {
    const at = positions ? positions.get(p.id) : (p.state === "on_table" ? [p.x, p.y] : null);
    if (at) drawPiece(ctx, view, p, at[0], at[1], at[2] ?? 1, at[3] || 0);
  }
}

// The cue behind the struck piece, along the aim, drawn back by `pull` metres (the power being
// set): a tapered stick for snooker and novuss, the flicking finger's path for crokinole.
// `elevation` (degrees, snooker): the cue raised at the butt, seen from above — shorter by the
// cosine of the elevation, its shadow on the cloth falling away from it.
export function drawCue(ctx, view, at, angleDeg, r, pull, elevation = 0) {
  const a = angleDeg * Math.PI / 180, d = [Math.cos(a), Math.sin(a)];
  const len = (view.game === "snooker" ? 1.45 : view.game === "novuss" ? 0.9 : 0.12) * Math.cos(elevation * Math.PI / 180);
  const tip = r + 0.01 + pull, butt = tip + len;
  const [tx, ty] = view.toScreen(at[0] - d[0] * tip, at[1] - d[1] * tip);
  const [bx, by] = view.toScreen(at[0] - d[0] * butt, at[1] - d[1] * butt);
  ctx.save();
  ctx.lineCap = "round";
  if (view.game === "crokinole") {
    ctx.strokeStyle = "rgba(255,214,170,.85)"; ctx.lineWidth = Math.max(4, 0.016 * view.scale);
    ctx.beginPath(); ctx.moveTo(tx, ty); ctx.lineTo(bx, by); ctx.stroke();
  } else {
    const w = Math.max(3, 0.012 * view.scale);
    if (elevation > 0) {  // the shadow: on the cloth under the raised cue, offset with its height
      const lift = 0.35 * Math.sin(elevation * Math.PI / 180) * view.scale;
      ctx.strokeStyle = "rgba(0,0,0,.35)"; ctx.lineWidth = w;
      ctx.beginPath(); ctx.moveTo(tx, ty); ctx.lineTo(bx + lift * 0.6, by + lift); ctx.stroke();
    }
    ctx.strokeStyle = "#2a1a0c"; ctx.lineWidth = w + 2;
    ctx.beginPath(); ctx.moveTo(tx, ty); ctx.lineTo(bx, by); ctx.stroke();
    const g = ctx.createLinearGradient(tx, ty, bx, by);
    g.addColorStop(0, "#f4e9d0"); g.addColorStop(0.02, "#d9b77a"); g.addColorStop(0.7, "#b07a3c"); g.addColorStop(1, "#3b2410");
    ctx.strokeStyle = g; ctx.lineWidth = w;
    ctx.beginPath(); ctx.moveTo(tx, ty); ctx.lineTo(bx, by); ctx.stroke();
    ctx.fillStyle = "#3d6fb6"; ctx.beginPath(); ctx.arc(tx, ty, w / 2, 0, 2 * Math.PI); ctx.fill();  // the tip
  }
  ctx.restore();
}
