// Animation of a shot from the engine's events: each moving piece follows its track, a list of
// constant-acceleration segments p = p0 + v τ + ½ a τ² (cueboard/app/motion.py) evaluated in closed
// form at the frame's time — not a fixed-step replay. Frame costs are kept for `make bench`. The
// shot's contacts are heard (when the sound is on) as the animation's clock passes them.
import { drawBoard, drawPieces } from "./draw.js";
import { playContacts } from "./sound.js";

export const stats = { frameWork: [], frameInterval: [] };
window.cueboardStats = stats;

export function trackAt(track, t) {
  const segs = track.segments;
  if (!segs.length) return null;
  let s = segs[0];
  if (t >= segs[segs.length - 1].t1) s = segs[segs.length - 1];
  else for (const seg of segs) { if (t >= seg.t0 && t <= seg.t1) { s = seg; break; } }
  const tau = Math.min(Math.max(t, s.t0), s.t1) - s.t0;
  // a ball in the air: the height of its lowest point above the bed (0 on the bed)
  const z = Math.max(0, (s.z || 0) + (s.vz || 0) * tau + 0.5 * (s.az || 0) * tau * tau);
  return [s.x + s.vx * tau + 0.5 * s.ax * tau * tau, s.y + s.vy * tau + 0.5 * s.ay * tau * tau, 1, z];
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
        at = fade > 0 && at ? [at[0], at[1], fade, at[3] || 0] : null;
      }
    }
    if (at) out.set(p.id, at);
  }
  return out;
}

// Play the tracks; resolves with the positions where the pieces came to rest (a Map id -> [x, y]).
// `control` = { speed, paused } is read at every frame: the replay's pause and speed (¼× to 4×).
// A live shot longer than `maxSeconds` of wall time at 1× is played faster to fit.
export function animate(ctx, view, pieces, start, tracks, seat, maxSeconds = 8, control = null) {
  return new Promise((resolve) => {
    const duration = tracks.duration || 0;
    const fit = control?.replay ? 1 : (duration > maxSeconds ? duration / maxSeconds : 1);
    const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    let t = reduced && !control?.replay ? duration : 0, last = null;
    const sounds = tracks.sounds || [];  // the contacts, heard as the animation passes them (sound.js)
    let next = 0;
    function frame(now) {
      const w0 = performance.now();
      if (last !== null) {
        stats.frameInterval.push(now - last);
        if (!control?.paused) t = Math.min(duration, t + ((now - last) / 1000) * fit * (control?.speed || 1));
      }
      last = now;
      const from = next;
      while (next < sounds.length && sounds[next].t <= t) next++;
      if (next > from) playContacts(view.page, sounds.slice(from, next));
      drawBoard(ctx, view, seat);
      const at = positionsAt(pieces, start, tracks, t);
      drawPieces(ctx, view, pieces, at);
      stats.frameWork.push(performance.now() - w0);
      if (t < duration) requestAnimationFrame(frame);
      else resolve(at);
    }
    requestAnimationFrame(frame);
  });
}
