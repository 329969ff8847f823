// The snooker table on the page: its drawing (the WPBSA table: cushions, baulk line, the D, the
// spots and the six pockets, from /api/games/snooker/spec), the balls in their colours, the cue,
// the aim's cushions and the ball on, the power's reach, the strike's fields (spin, elevation, a
// nominated or free ball) and the shot map. The functions every table module offers are listed in
// games/generic/table.js.
import { circle } from "/static/js/draw.js";
import { rayBox } from "/static/js/aim.js";
import { el } from "/static/js/dom.js";
import { sentence, t } from "/static/js/i18n.js";
import { shotmapPanel } from "/static/js/shotmap.js";
import { ballName } from "./calls.js";

const BALL_COLOURS = {
  white: "#f6f3e8", red: "#c4121f", yellow: "#f2d21b", green: "#138a3d", brown: "#7a4a1f",
  blue: "#1f4fd1", pink: "#f58fb9", black: "#141414",
};
// The colour-blind option: every ball lettered, the balls that merge with the cloth ringed
// (red, green and brown have a contrast of 1.1–1.4 : 1 on the green cloth).
const LETTERS = { red: "R", yellow: "Y", green: "G", brown: "Br", blue: "Bl", pink: "P", black: "Bk", white: "" };
const LOW_CONTRAST = new Set(["red", "green", "brown", "black"]);
// The cue's elevation the page offers, degrees: the range the physics is tested over
// (docs/physics.md, jump shots: 10–60°); a jump over a ball is the referee's foul (S3 R12).
const MAX_ELEVATION = 60;

// Speeds (m/s) the power spans, and the one it starts at (the middle of the range).
export const speeds = { min: 0.3, max: 8, start: 4.15 };
// Degrees a fine-aim step turns the aim; metres a drag back from the cue ball goes for full power.
export const aimStep = 0.05;
export const pull = 0.45;
// The cue: a 1.45 m stick, drawn back 0.25 m at full power.
export const cue = { length: 1.45, draw: 0.25 };
// Contact speeds (m/s) heard at full volume.
export const loud = 4;
export const endTitle = "end.match";

// Drawn lengthways across the screen, baulk on the left, on a phone held upright too: there the
// table is as wide as the screen and the stroke controls, the scores and the calls under it keep
// the height (at 390×844, 98 px a metre across against 61 along the screen in the height left).
export function frame(s) {
  return { size: [s.width + 0.3, s.length + 0.3], centre: [0, s.length / 2], turned: true };
}

export function drawTable(ctx, v) {
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

export function radius(s) { return s.ball_radius; }
export function colour(p) { return BALL_COLOURS[p.colour] || "#888"; }
// No side owns a colour: the players share the balls.
export function sideColours() { return null; }

export function paintPiece(ctx, view, p, px, py, r, fill) {
  const g = ctx.createRadialGradient(px - r / 3, py - r / 3, r / 6, px, py, r);
  g.addColorStop(0, "rgba(255,255,255,.85)"); g.addColorStop(0.25, fill); g.addColorStop(1, fill);
  circle(ctx, px, py, r, g, "rgba(0,0,0,.5)", 1);
  if (!view.letters || !(p.colour in LETTERS)) return;
  if (LOW_CONTRAST.has(p.colour)) circle(ctx, px, py, r + 1.5, null, "#ffffff", 2);
  const text = LETTERS[p.colour];
  if (!text) return;
  ctx.font = `700 ${Math.max(8, r * (text.length > 1 ? 0.95 : 1.2))}px system-ui, sans-serif`;
  ctx.textAlign = "center"; ctx.textBaseline = "middle";
  ctx.fillStyle = ["yellow", "pink", "white"].includes(p.colour) ? "#000" : "#fff";
  ctx.fillText(text, px, py + 0.5);
}

// A ball's name in the rules' words ("red", never "red3").
export function pieceName(p) { return ballName(p.id); }

// The cushions: the bed's rectangle less a ball's radius.
export function walls(s, at, d, r) { return rayBox(at, d, -s.width / 2 + r, s.width / 2 - r, r, s.length - r); }

// The cue ball in hand snaps into the D (S2 D9) within `tol` metres.
export function snap(s, placement, w, tol) {
  const [x, y] = w, cy = s.baulk_y, R = s.d_radius - 1e-4;
  let dx = x, dy = Math.min(y, cy) - cy;
  const d = Math.hypot(dx, dy);
  if (d > R) { dx *= R / d; dy *= R / d; }
  const nx = dx, ny = cy + dy;
  return Math.hypot(nx - x, ny - y) <= tol ? [nx, ny] : w;
}

// The balls on for the striker, from the scoreboard's "ball on" (red, any colour or one colour,
// S2 D12), narrowed by a nomination and widened by a free ball (S3 R10).
export function ballsOn(ballOnKey, nominated, freeBall) {
  const on = (ballOnKey || "").replace(/^ball\./, "");
  return (colour, id) => {
    if (freeBall && id === freeBall) return true;
    if (on === "red") return colour === "red";
    if (on === "colour") return colour !== "red" && colour !== "white" && (!nominated || colour === nominated);
    return colour === on;
  };
}

// The warning for an aim whose first contact is a foul (S3 R12: the cue ball must first hit a
// ball on), or null.
export function aimWarning(screen, hit) {
  const onKey = screen.m.scoreboard.rows.find((r) => r.key === "score.ball_on")?.value_key;
  const ok = ballsOn(onKey, screen.ui.nominate, screen.ui.freeBall);
  if (!hit) return t("match.first_hit_none");
  return ok(hit.colour, hit.id) ? null : t("match.first_hit_not_on", { ball: ballName(hit.id) });
}

// How far a ball struck at its centre goes on an open table: it slides (μ 0.212) for 12v²/49μg
// until it rolls at 5/7 of its speed, then rolls (μ 0.01) for (5v/7)²/2μg
// (cueboard/games/snooker/physics_params.py), in table lengths.
export function travelText(s, v) {
  const d = 12 * v * v / (49 * 0.212 * 9.81) + 25 * v * v / (98 * 0.01 * 9.81);
  return t("match.travel_lengths", { n: (d / s.length).toFixed(1) });
}

export function strikeBody(ui, speed, angle) {
  const strike = { speed, angle, side: ui.side, top: ui.top };
  if (ui.elevation > 0) strike.elevation = ui.elevation;
  if (ui.placed) strike.place_cue_ball = ui.placed;
  const declaration = {};
  if (ui.nominate) declaration.nominated = ui.nominate;
  if (ui.freeBall) declaration.free_ball = ui.freeBall;
  return { declaration, strike };
}

// The stroke's own controls: the cue tip's place on the ball (spin), the cue's elevation, the
// nominated ball and the free ball when the rules ask, and the lettered balls.
export function controls(screen) {
  const ui = screen.ui, out = [el("div", {}, el("label", { id: "spin-label" }, t("match.spin")), tipPicker(ui))];
  const elev = el("input", { type: "range", id: "elevation", min: 0, max: MAX_ELEVATION, step: 1, value: ui.elevation });
  const elevOut = el("output", { id: "elevation-readout", for: "elevation" }, `${ui.elevation}°`);
  elev.addEventListener("input", () => { ui.elevation = parseInt(elev.value, 10); elevOut.textContent = `${ui.elevation}°`; screen.drawAim(); });
  out.push(el("div", { class: "row" }, el("label", { for: "elevation" }, t("match.elevation")), elevOut), elev);
  if (screen.turn.nominate?.length) out.push(screen.selector("nominate", "match.nominate", "match.nominate_auto", screen.turn.nominate, (b) => sentence(t(`ball.${b}`))));
  if (screen.turn.free_ball?.length) out.push(screen.selector("freeBall", "match.free_ball", "match.free_ball_none", screen.turn.free_ball, (b) => sentence(ballName(b))));
  const letters = el("input", { type: "checkbox", id: "letters" });
  letters.checked = ui.letters;
  letters.addEventListener("change", () => { ui.letters = letters.checked; localStorage.setItem("cueboard.letters", letters.checked ? "1" : "0"); screen.drawAim(); });
  out.push(el("div", { class: "row" }, letters, el("label", { for: "letters" }, t("match.letters"))));
  return out;
}

function tipPicker(ui) {
  const cv = el("canvas", { class: "tip", id: "tip", width: 90, height: 90, tabindex: 0, role: "slider", "aria-labelledby": "spin-label" });
  const paint = () => {
    const g = cv.getContext("2d");
    g.clearRect(0, 0, 90, 90);
    g.beginPath(); g.arc(45, 45, 40, 0, 2 * Math.PI); g.fillStyle = "#f6f3e8"; g.fill();
    g.beginPath(); g.arc(45, 45, 40 * 0.7, 0, 2 * Math.PI); g.strokeStyle = "#777"; g.stroke();
    g.beginPath(); g.arc(45 + ui.side * 40, 45 - ui.top * 40, 5, 0, 2 * Math.PI); g.fillStyle = "#1f4fd1"; g.fill();
    cv.setAttribute("aria-valuetext", `${Math.round(ui.side * 100)}%, ${Math.round(ui.top * 100)}%`);
  };
  const set = (sx, ty) => {
    const d = Math.hypot(sx, ty);
    if (d > 0.7) { sx *= 0.7 / d; ty *= 0.7 / d; }
    ui.side = Math.round(sx * 100) / 100; ui.top = Math.round(ty * 100) / 100; paint();
  };
  cv.addEventListener("pointerdown", (ev) => {
    const r = cv.getBoundingClientRect();
    set(((ev.clientX - r.left) / r.width * 90 - 45) / 40, -((ev.clientY - r.top) / r.height * 90 - 45) / 40);
  });
  // Keyboard: arrows move the tip 0.05 of the radius (side left/right, top up/down).
  cv.addEventListener("keydown", (ev) => {
    const d = { ArrowLeft: [-0.05, 0], ArrowRight: [0.05, 0], ArrowUp: [0, 0.05], ArrowDown: [0, -0.05] }[ev.key];
    if (!d) return;
    ev.preventDefault(); set(ui.side + d[0], ui.top + d[1]);
  });
  paint();
  const reset = el("button", { id: "spin-reset", onclick: () => { ui.side = 0; ui.top = 0; paint(); } }, t("match.spin_reset"));
  return el("div", { class: "row" }, cv, reset);
}

// The replay card's shot map (shotmap.js): the chance a level's player pots a ball from each place.
export function panels(screen) { return [shotmapPanel(screen, ballName)]; }

// The sounds of the table's contacts where they differ from sound.js's: ball on ball, the cushion.
export function voice(kind) { return { collision: "ball", cushion: "cushion" }[kind] ?? null; }
