// Top-down drawings of the table / boards from the geometry served by /api/games/<game>/spec
// (the same numbers the engine and the referee use). What a table looks like — its extent, its
// cloth, lines and pockets, its pieces' sizes and colours, its cue — is the game's page module's
// (/games/<game>/table.js, gamepage.js); here is what every table shares: the view between metres
// and pixels, pieces, the cue along the aim.

// The view: world metres <-> canvas pixels. The page module's `frame(spec, tall)` gives the extent
// of the world to show, its centre and whether the table is `turned` (its length drawn across a
// wide screen: snooker with baulk on the left); on a tall, narrow screen (a phone held upright) a
// module may keep it along the screen. The canvas is as large as its box allows: the width of its
// column, and at most `maxHeight` (a fraction of the window's height, set by the page's layout) tall.
export class View {
  constructor(page, spec, canvas) {
    this.page = page; this.spec = spec; this.canvas = canvas;
    this.resize();
  }
  resize() {
    const c = this.canvas;
    const cssW = c.clientWidth || 800;
    const maxH = window.innerHeight * (parseFloat(getComputedStyle(c).getPropertyValue("--max-h")) || 0.78);
    this.frame = this.page.frame(this.spec, window.innerHeight > window.innerWidth * 1.2);
    this.vertical = !this.frame.turned;
    const [worldW, worldH] = this.frame.turned ? [this.frame.size[1], this.frame.size[0]] : this.frame.size;
    const cssH = Math.min(cssW * worldH / worldW, maxH);
    const ratio = window.devicePixelRatio || 1;
    c.style.height = `${cssH}px`;
    c.width = Math.round(cssW * ratio); c.height = Math.round(cssH * ratio);
    this.scale = Math.min(c.width / worldW, c.height / worldH);
    this.cx = c.width / 2; this.cy = c.height / 2;
  }
  // A turned table: its y axis (the length) to the right, its x axis down the screen.
  toScreen(x, y) {
    const [x0, y0] = this.frame.centre, dx = x - x0, dy = y - y0;
    return this.frame.turned ? [this.cx + dy * this.scale, this.cy + dx * this.scale] : [this.cx + dx * this.scale, this.cy - dy * this.scale];
  }
  toWorld(px, py) {
    const [x0, y0] = this.frame.centre, u = (px - this.cx) / this.scale, v = (py - this.cy) / this.scale;
    return this.frame.turned ? [x0 + v, y0 + u] : [x0 + u, y0 - v];
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
  radiusOf(piece) { return this.page.radius(this.spec, piece); }
}

export function circle(ctx, x, y, r, fill, stroke, width = 1) {
  ctx.beginPath(); ctx.arc(x, y, r, 0, 2 * Math.PI);
  if (fill) { ctx.fillStyle = fill; ctx.fill(); }
  if (stroke) { ctx.strokeStyle = stroke; ctx.lineWidth = width; ctx.stroke(); }
}

// `seat`: the seat to play (a board marks its shooting line or zone), or null.
export function drawBoard(ctx, view, seat) {
  ctx.clearRect(0, 0, view.canvas.width, view.canvas.height);
  view.page.drawTable(ctx, view, seat);
}

// `z`: height of a ball in the air above the bed, m — its shadow marks where it is over the
// bed; the ball is drawn lifted off it (up and left, as if lit from the top left) and larger.
export function drawPiece(ctx, view, p, x, y, alpha = 1, z = 0) {
  const r0 = view.radiusOf(p) * view.scale, [sx, sy] = view.toScreen(x, y);
  const lift = Math.min(z, 0.5), off = lift * view.scale * 0.5;
  const r = r0 * (1 + lift * 4), px = sx - off, py = sy - off;
  if (z > 0) circle(ctx, sx, sy, r0, "rgba(0,0,0,.35)", null, 0);
  ctx.globalAlpha = alpha;
  const fill = view.page.colour(p, view.sideOf);
  if (view.page.paintPiece) view.page.paintPiece(ctx, view, p, px, py, r, fill);
  else circle(ctx, px, py, r, fill, "rgba(0,0,0,.6)", 1.2);
  ctx.globalAlpha = 1;
}

export function drawPieces(ctx, view, pieces, positions) {
  for (const p of pieces) {
    const at = positions ? positions.get(p.id) : (p.state === "on_table" ? [p.x, p.y] : null);
    if (at) drawPiece(ctx, view, p, at[0], at[1], at[2] ?? 1, at[3] || 0);
  }
}

// The cue behind the struck piece, along the aim, drawn back by `pull` metres (the power being
// set): a tapered stick (the page module's `cue.length`, m), or the flicking finger's path (`cue.finger`).
// `elevation` (degrees): the cue raised at the butt, seen from above — shorter by the cosine of
// the elevation, its shadow on the cloth falling away from it.
export function drawCue(ctx, view, at, angleDeg, r, pull, elevation = 0) {
  const cue = view.page.cue;
  const a = angleDeg * Math.PI / 180, d = [Math.cos(a), Math.sin(a)];
  const len = cue.length * Math.cos(elevation * Math.PI / 180);
  const tip = r + 0.01 + pull, butt = tip + len;
  const [tx, ty] = view.toScreen(at[0] - d[0] * tip, at[1] - d[1] * tip);
  const [bx, by] = view.toScreen(at[0] - d[0] * butt, at[1] - d[1] * butt);
  ctx.save();
  ctx.lineCap = "round";
  if (cue.finger) {
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
