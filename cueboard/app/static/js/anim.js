// Animation of a shot from the engine's events: each moving piece follows its track, a list of
// constant-acceleration segments p = p0 + v τ + ½ a τ² (cueboard/app/motion.py) evaluated in closed
// form at the frame's time — not a fixed-step replay. Frame costs are kept for `make bench`.
import { drawBoard, drawPieces } from "./draw.js";

export const stats = { frameWork: [], frameInterval: [] };
window.cueboardStats = stats;

export function trackAt(track, t) {
  const segs = track.segments;
  if (!segs.length) return null;
  let s = segs[0];
  if (t >= segs[segs.length - 1].t1) s = segs[segs.length - 1];
  else for (const seg of segs) { if (t >= seg.t0 && t <= seg.t1) { s = seg; break; } }
  const tau = Math.min(Math.max(t, s.t0), s.t1) - s.t0;
  return [s.x + s.vx * tau + 0.5 * s.ax * tau * tau, s.y + s.vy * tau + 0.5 * s.ay * tau * tau];
}

// Positions of every piece at time t: tracked pieces on their tracks, the others where they lay.
export function positionsAt(pieces, start, tracks, t) {
  const out = new Map();
  const byId = new Map(tracks.tracks.map((tr) => [tr.id, tr]));
  for (const p of pieces) {
    const tr = byId.get(p.id);
    let at = start.get(p.id) || null;
    if (tr) {
      const q = trackAt(tr, t);
      if (q) at = q;
      if (tr.gone && t >= tr.gone[0]) {
        const fade = 1 - (t - tr.gone[0]) / 0.2;
        at = fade > 0 && at ? [at[0], at[1], fade] : null;
      }
    }
    if (at) out.set(p.id, at);
  }
  return out;
}

// Play the tracks; resolves when the last piece has stopped. At most `maxSeconds` of wall time.
export function animate(ctx, view, pieces, start, tracks, seat, maxSeconds = 8) {
  return new Promise((resolve) => {
    const duration = tracks.duration || 0;
    const speed = duration > maxSeconds ? duration / maxSeconds : 1;
    let t0 = null, last = null;
    function frame(now) {
      const w0 = performance.now();
      if (t0 === null) t0 = now;
      if (last !== null) stats.frameInterval.push(now - last);
      last = now;
      const t = Math.min(duration, ((now - t0) / 1000) * speed);
      drawBoard(ctx, view, seat);
      drawPieces(ctx, view, pieces, positionsAt(pieces, start, tracks, t));
      stats.frameWork.push(performance.now() - w0);
      if (t < duration) requestAnimationFrame(frame);
      else resolve();
    }
    requestAnimationFrame(frame);
  });
}
