// The aiming guide: the straight path of the struck piece to its first contact — another piece
// (ghost-ball position and the direction the object piece would take) or what the game's page
// module says bounds the table (`walls`: a cushion, a rail, a peg, the board's edge).

// Smallest t > 0 with |at + t d - c| = rr (ray-circle), or Infinity.
export function rayCircle(at, d, c, rr) {
  const fx = at[0] - c[0], fy = at[1] - c[1];
  const b = fx * d[0] + fy * d[1], cc = fx * fx + fy * fy - rr * rr;
  const disc = b * b - cc;
  if (disc < 0) return Infinity;
  const t = -b - Math.sqrt(disc);
  return t > 1e-9 ? t : Infinity;
}

// Distance along d to the boundary of the box x in [x0, x1], y in [y0, y1].
export function rayBox(at, d, x0, x1, y0, y1) {
  let best = Infinity;
  if (d[0] > 1e-12) best = Math.min(best, (x1 - at[0]) / d[0]);
  if (d[0] < -1e-12) best = Math.min(best, (x0 - at[0]) / d[0]);
  if (d[1] > 1e-12) best = Math.min(best, (y1 - at[1]) / d[1]);
  if (d[1] < -1e-12) best = Math.min(best, (y0 - at[1]) / d[1]);
  return Math.max(0, best);
}

export function guide(view, others, at, r, angleDeg) {
  const a = angleDeg * Math.PI / 180, d = [Math.cos(a), Math.sin(a)], s = view.spec;
  let best = Infinity, hit = null;
  for (const p of others) {
    const t = rayCircle(at, d, [p.x, p.y], r + view.radiusOf(p));
    if (t < best) { best = t; hit = p; }
  }
  const wall = view.page.walls(s, at, d, r);  // the nearest cushion, rail or peg (the page module)
  if (wall < best) { best = wall; hit = null; }
  const contact = [at[0] + best * d[0], at[1] + best * d[1]];
  let objectDir = null;
  if (hit) {
    const ox = hit.x - contact[0], oy = hit.y - contact[1], n = Math.hypot(ox, oy) || 1;
    objectDir = [ox / n, oy / n];
  }
  return { contact, hit, objectDir };
}

// The guide drawn dashed to the ghost piece; `warn` (a first contact that is a foul) draws it red.
export function drawGuide(ctx, view, at, g, r, warn = false) {
  const [x0, y0] = view.toScreen(at[0], at[1]), [x1, y1] = view.toScreen(g.contact[0], g.contact[1]);
  ctx.save();
  ctx.setLineDash([6, 5]); ctx.strokeStyle = warn ? "rgba(255,90,90,.95)" : "rgba(255,255,255,.85)"; ctx.lineWidth = warn ? 2.5 : 1.5;
  ctx.beginPath(); ctx.moveTo(x0, y0); ctx.lineTo(x1, y1); ctx.stroke();
  ctx.setLineDash([]);
  ctx.beginPath(); ctx.arc(x1, y1, r * view.scale, 0, 2 * Math.PI); ctx.stroke();
  if (g.hit && g.objectDir) {
    const [hx, hy] = view.toScreen(g.hit.x, g.hit.y);
    const len = 0.25;
    const [ex, ey] = view.toScreen(g.hit.x + g.objectDir[0] * len, g.hit.y + g.objectDir[1] * len);
    ctx.strokeStyle = "rgba(224,165,38,.9)";
    ctx.beginPath(); ctx.moveTo(hx, hy); ctx.lineTo(ex, ey); ctx.stroke();
  }
  ctx.restore();
}

// Snap a placement to its area's box (the turn's `placement.bounds`), `margin` metres inside it,
// when within `tol` metres; otherwise the point unchanged. A game's page module may snap more
// closely (to a line, into the D).
export function snapToBox(placement, w, tol, margin = 0) {
  const [x, y] = w, [x0, y0, x1, y1] = placement.bounds;
  const nx = Math.min(x1 - margin, Math.max(x0 + margin, x)), ny = Math.min(y1 - margin, Math.max(y0 + margin, y));
  return Math.hypot(nx - x, ny - y) <= tol ? [nx, ny] : w;
}

// The magnifier: the canvas around the contact (ghost piece and object piece) copied 4× larger
// into a corner of the table, so that a thin cut can be judged to the pixel. Of the four corners
// it takes the one that hides the fewest of the `avoid` points (world: the pieces, the cue piece)
// and never the contact; of those, the farthest from the contact.
export function drawMagnifier(ctx, view, g, avoid = [], zoom = 4) {
  const c = ctx.canvas, size = Math.round(Math.min(c.width, c.height) * 0.28);
  const src = size / zoom, [x, y] = view.toScreen(g.contact[0], g.contact[1]);
  const sx = Math.min(c.width - src, Math.max(0, x - src / 2)), sy = Math.min(c.height - src, Math.max(0, y - src / 2));
  const pts = avoid.map(([ax, ay]) => view.toScreen(ax, ay));
  const pad = view.radiusOf({ kind: "disc" }) * view.scale + 2;
  let dx = 0, dy = 0, best = Infinity;
  for (const [cx, cy] of [[8, 8], [c.width - size - 8, 8], [8, c.height - size - 8], [c.width - size - 8, c.height - size - 8]]) {
    const inside = ([px, py]) => px > cx - pad && px < cx + size + pad && py > cy - pad && py < cy + size + pad;
    const cost = (inside([x, y]) ? 1e6 : 0) + 1000 * pts.filter(inside).length - Math.hypot(cx + size / 2 - x, cy + size / 2 - y);
    if (cost < best) { best = cost; dx = cx; dy = cy; }
  }
  ctx.save();
  ctx.imageSmoothingEnabled = true;
  ctx.drawImage(c, sx, sy, src, src, dx, dy, size, size);
  ctx.strokeStyle = "rgba(224,165,38,.95)"; ctx.lineWidth = 2; ctx.strokeRect(dx, dy, size, size);
  ctx.restore();
}

