// The aiming guide: the straight path of the struck piece to its first contact — another piece
// (ghost-ball position and the direction the object piece would take) or a cushion / rail / peg.

// Smallest t > 0 with |at + t d - c| = rr (ray-circle), or Infinity.
function rayCircle(at, d, c, rr) {
  const fx = at[0] - c[0], fy = at[1] - c[1];
  const b = fx * d[0] + fy * d[1], cc = fx * fx + fy * fy - rr * rr;
  const disc = b * b - cc;
  if (disc < 0) return Infinity;
  const t = -b - Math.sqrt(disc);
  return t > 1e-9 ? t : Infinity;
}

// Distance along d to the boundary of the box |x| <= hx, y in [y0, y1].
function rayBox(at, d, x0, x1, y0, y1) {
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
  let wall;
  if (view.game === "snooker") wall = rayBox(at, d, -s.width / 2 + r, s.width / 2 - r, r, s.length - r);
  else if (view.game === "novuss") wall = rayBox(at, d, -s.half + r, s.half - r, -s.half + r, s.half - r);
  else {
    wall = Infinity;
    for (const [x, y] of s.peg_positions) wall = Math.min(wall, rayCircle(at, d, [x, y], r + s.peg_radius));
    const edge = s.surface_radius - r;  // leaving the playing surface
    const b = at[0] * d[0] + at[1] * d[1], cc = at[0] ** 2 + at[1] ** 2 - edge * edge;
    wall = Math.min(wall, -b + Math.sqrt(Math.max(0, b * b - cc)));
  }
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

// The balls on for the snooker striker, from the scoreboard's "ball on" (red, any colour or one
// colour, S2 D12), narrowed by a nomination and widened by a free ball (S3 R10).
export function ballsOn(ballOnKey, nominated, freeBall) {
  const on = (ballOnKey || "").replace(/^ball\./, "");
  const ok = (colour, id) => {
    if (freeBall && id === freeBall) return true;
    if (on === "red") return colour === "red";
    if (on === "colour") return colour !== "red" && colour !== "white" && (!nominated || colour === nominated);
    return colour === on;
  };
  return ok;
}

// Snap a placement to the nearest legal-looking place within `tol` metres: the crokinole disc
// onto the shooting line of the seat's quadrant, the snooker cue ball into the D, the novuss
// striker into its edge-zone box. Returns the point unchanged when it is farther than `tol`.
export function snapPlacement(game, spec, placement, w, tol) {
  let [x, y] = w;
  if (game === "crokinole") {
    const R = spec.shooting_radius, a0 = spec.seat_angles[placement.seat];
    let a = Math.atan2(y, x), rr = Math.hypot(x, y);
    let da = Math.atan2(Math.sin(a - a0), Math.cos(a - a0));
    const lim = Math.PI / 4 - 1e-3;
    if (Math.abs(rr - R) > tol) return w;
    if (Math.abs(da) > lim && (Math.abs(da) - lim) * R <= tol) da = Math.sign(da) * lim;
    a = a0 + da; rr = R;
    return [rr * Math.cos(a), rr * Math.sin(a)];
  }
  if (game === "snooker") {
    const cy = spec.baulk_y, R = spec.d_radius - 1e-4;
    let dx = x, dy = Math.min(y, cy) - cy;
    const d = Math.hypot(dx, dy);
    if (d > R) { dx *= R / d; dy *= R / d; }
    const nx = dx, ny = cy + dy;
    return Math.hypot(nx - x, ny - y) <= tol ? [nx, ny] : w;
  }
  // novuss: the striker wholly inside its zone — its radius off the rail and off the line's inner
  // edge (cueboard/games/novuss/geometry.py check_striker_placement), a line's width to spare
  const m = game === "novuss" ? spec.striker_radius + spec.line_width : 0;
  const [x0, y0, x1, y1] = placement.bounds;
  const nx = Math.min(x1 - m, Math.max(x0 + m, x)), ny = Math.min(y1 - m, Math.max(y0 + m, y));
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

// Novuss: a disc is dark for the player at `seat` in the central circle or in his own edge zone
// with the line not showing through its hole (cueboard/games/novuss/geometry.py is_dark).
export function novussDark(spec, seat, x, y) {
  const lw = spec.line_width / 2, hole = spec.disc_hole_radius;
  const depth = [-y, -x, y, x][seat];  // distance towards the seat's rail
  return Math.hypot(x, y) + hole <= spec.centre_radius - lw || depth - hole >= spec.edge_zone_line + lw;
}

// The catalogue key of the warning for the piece the straight aim meets first on a board, or
// null. Crokinole (NCA rules; a valid shot): with an opponent's disc on the board the shot must
// hit one — by way of a peg or another disc counts too, so the warning says so. Novuss (the
// penalty disc, rules 2 and 4): a direct stroke whose first contact is an opponent's disc (while
// the player still has a light disc to pocket) or an own dark disc.
export function boardWarning(game, spec, seat, sideOfSeat, others, hit) {
  const mine = sideOfSeat(seat);
  if (game === "crokinole") {
    const theirs = others.filter((p) => p.kind === "disc" && p.owner !== null && p.owner !== undefined && sideOfSeat(p.owner) !== mine);
    return theirs.length && !theirs.includes(hit) ? "match.crokinole_not_opponent" : null;
  }
  if (game !== "novuss" || !hit || hit.kind !== "disc") return null;
  if (hit.owner === mine) return novussDark(spec, seat, hit.x, hit.y) ? "match.novuss_dark_first" : null;
  const light = others.some((p) => p.kind === "disc" && p.owner === mine && !novussDark(spec, seat, p.x, p.y));
  return light ? "match.novuss_opponent_first" : null;
}
