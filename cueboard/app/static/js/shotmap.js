// Shot maps over the snooker table (cueboard/app/shotmap_api.py; the snooker page module offers
// the panel): for the position on the table — the
// one a replayed shot left, or the match's current one — the chance that a level's player pots a
// chosen ball from every cue-ball place, computed by the server and painted under the balls. Each
// request's answer carries a token to read the job with: kept in localStorage by job, sent as a
// bearer token while the page follows the job (queued behind other maps, then running).
import { api } from "./api.js";
import { sentence, t } from "./i18n.js";
import { el } from "./dom.js";

const LEVELS = ["beginner", "amateur", "club", "pro"];
const STEPS = [0.2, 0.1, 0.05];
const TRIALS = 6;
const POLL_MS = 600;
const TOKEN = (id) => `cueboard.shotmap.${id}`;
// Viridis at 0, .25, .5, .75, 1 (matplotlib's colour map, as the CLI's PNG draws it).
const STOPS = [[68, 1, 84], [59, 82, 139], [33, 145, 140], [94, 201, 98], [253, 231, 37]];

// The shot whose result the table shows (its number), or null for the match's current position.
function shownShot(screen) { return screen.ui.shown ? screen.ui.stepped : null; }

export function colour(p) {
  const x = Math.min(1, Math.max(0, p)) * (STOPS.length - 1);
  const i = Math.min(STOPS.length - 2, Math.floor(x)), f = x - i;
  const c = STOPS[i].map((v, k) => Math.round(v + f * (STOPS[i + 1][k] - v)));
  return `rgba(${c[0]},${c[1]},${c[2]},0.62)`;
}

// Paint the map of the position on the table, if there is one, between the cloth and the balls.
export function drawShotmap(screen) {
  const s = screen.ui.shotmap;
  if (!s || !s.map || s.shot !== shownShot(screen)) return;
  const { ctx, view } = screen, m = s.map, h = m.step / 2;
  m.ys.forEach((y, j) => m.xs.forEach((x, i) => {
    const p = m.p[j][i];
    if (p === null) return;
    const [ax, ay] = view.toScreen(x - h, y - h), [bx, by] = view.toScreen(x + h, y + h);
    ctx.fillStyle = colour(p);
    ctx.fillRect(Math.min(ax, bx), Math.min(ay, by), Math.abs(bx - ax), Math.abs(by - ay));
  }));
}

async function compute(screen, body, status) {
  const shot = body.shot ?? null;
  screen.ui.shotmap = { shot, map: null };
  let job;
  try {
    job = await api("POST", "/shotmaps", body);
    localStorage.setItem(TOKEN(job.id), job.token);
    while (job.status === "running" || job.status === "queued") {
      status.textContent = t("shotmap.computing", { done: job.done, total: job.total });
      await new Promise((r) => setTimeout(r, POLL_MS));
      if (window.cueboard !== screen || screen.ui.shotmap?.shot !== shot) return;  // left, or asked again
      job = await api("GET", `/shotmaps/${job.id}`, undefined, { Authorization: `Bearer ${localStorage.getItem(TOKEN(job.id))}` });
    }
  } catch (err) { status.textContent = t(err.key, err.params); return; }
  if (job.status !== "done") { status.textContent = t("shotmap.failed", { detail: job.error || "" }); return; }
  screen.ui.shotmap = { shot, map: job.map };
  const cells = job.map.p.flat().filter((p) => p !== null);
  status.textContent = t("shotmap.done", { best: Math.round(100 * Math.max(...cells)), trials: job.map.trials });
  screen.draw();
}

// The replay card's shot-map controls (offered by the snooker page module): the ball to pot —
// named in the rules' words by `nameOf(id)`, numbered where several share a name ("red 3") — the
// level, the grid.
export function shotmapPanel(screen, nameOf) {
  const box = el("details", { id: "shotmap-box" }, el("summary", {}, t("shotmap.title")));
  const target = el("select", { id: "shotmap-target" });
  const label = (id) => { const n = String(id).match(/\d+$/); return n ? `${sentence(nameOf(id))} ${n[0]}` : sentence(nameOf(id)); };
  // The balls on the table shown (a replayed shot changes them): refilled whenever the box opens.
  const fill = () => {
    const was = target.value;
    target.replaceChildren(...(screen.ui.shown || screen.pieces)
      .filter((p) => p.id !== "white" && p.state === "on_table").map((p) => el("option", { value: p.id }, label(p.id))));
    if ([...target.options].some((o) => o.value === was)) target.value = was;
  };
  fill();
  box.addEventListener("toggle", fill);
  target.addEventListener("pointerdown", fill);
  const level = el("select", { id: "shotmap-level" });
  for (const l of LEVELS) level.append(el("option", { value: l }, t(`level.${l}`)));
  level.value = "pro";
  const step = el("select", { id: "shotmap-step" });
  for (const s of STEPS) step.append(el("option", { value: s }, `${s * 100} cm`));
  const status = el("p", { class: "muted", id: "shotmap-status" }, t("shotmap.hint"));
  const go = el("button", { id: "shotmap-go", onclick: () => {
    const body = { match_id: screen.m.id, target: target.value, level: level.value, step: Number(step.value), trials: TRIALS };
    const shot = shownShot(screen);
    if (shot !== null && shot !== undefined) body.shot = shot;
    compute(screen, body, status);
  } }, t("shotmap.show"));
  const hide = el("button", { id: "shotmap-hide", onclick: () => { screen.ui.shotmap = null; status.textContent = t("shotmap.hint"); screen.draw(); } }, t("shotmap.hide"));
  // the colour scale, styled through the CSSOM (the page's CSP refuses inline style attributes)
  const scale = el("span", {});
  Object.assign(scale.style, { display: "inline-block", width: "8rem", height: ".7rem",
    background: `linear-gradient(to right,${[0, 0.25, 0.5, 0.75, 1].map(colour).join(",")})` });
  const legend = el("div", { class: "row muted" }, "0%", scale, "100%");
  box.append(el("div", { class: "row" }, target, level, step), el("div", { class: "row" }, go, hide), legend, status);
  box.open = !!screen.ui.shotmap;
  return box;
}
