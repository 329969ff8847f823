// What the scorer's screens share (scorer.js, scorer_kept.js and the games' scorer parts,
// /games/<game>/scorer.js): the owner token kept in localStorage, a new match, a label/value row,
// a number stepper with finger-sized buttons, a side's colour swatch and the seat names.
import { api } from "./api.js";
import { t } from "./i18n.js";
import { el } from "./dom.js";

export const TOKEN = (id) => `cueboard.scorer.${id}`;
// The headers of a write to scorer match `id`: its owner token, when this browser holds it.
export function owner(id) {
  const token = localStorage.getItem(TOKEN(id));
  return token ? { Authorization: `Bearer ${token}` } : {};
}

// Create a scorer match; the owner token the server hands over once is kept for its writes.
export async function createScorerMatch(body) {
  const m = await api("POST", "/scorer", body);
  localStorage.setItem(TOKEN(m.id), m.owner_token);
  return m;
}

export function row(label, value, id) {
  return el("div", { class: "row" }, el("span", { class: "muted" }, label), el("span", { id }, String(value)));
}

// A side's colour swatch (`colours`: the game's side colours, from its scorer part; none: nothing).
export function swatch(colours, side) {
  const colour = colours?.[side];
  return colour ? el("span", { class: "swatch", style: `background:${colour}`, "aria-hidden": "true" }) : "";
}

// The seats in play (crokinole and novuss: 2 players at seats 0 and 2, 4 at every seat) -> names.
export function seatName(players, seat) {
  const i = players.length === 2 ? seat / 2 : seat;
  return players[i] ?? t("match.seat", { n: seat + 1 });
}

// A count with − and + (each at least 44×44 CSS px): `get()` / `set(n)` hold the value.
export function stepper(label, id, get, set, max = 24) {
  const value = el("output", { id, "aria-live": "polite" }, String(get()));
  const change = (d) => { const n = Math.max(0, Math.min(max, get() + d)); set(n); value.textContent = String(n); };
  return el("div", { class: "stepper", role: "group", "aria-label": label },
    el("span", { class: "label" }, label),
    el("button", { type: "button", class: "step", "data-step": `${id}:-1`, "aria-label": `${label} −1`, onclick: () => change(-1) }, "−"),
    value,
    el("button", { type: "button", class: "step", "data-step": `${id}:+1`, "aria-label": `${label} +1`, onclick: () => change(1) }, "+"));
}

// A read-only viewer (the share link, no owner token) follows a match or fixture being kept on
// another device: `load()` is asked again every FOLLOW_MS while the page is visible, and
// `show(view)` redraws when the view changed. The owner's own page is never redrawn under their
// fingers. `stop()` ends it (the router's destroy when the page is left).
export const FOLLOW_MS = 3000;
export function follow(first, load, show) {
  let last = JSON.stringify(first);
  let stopped = false;
  let busy = false;
  const timer = setInterval(async () => {
    if (stopped || busy || document.hidden) return;
    busy = true;
    try {
      const view = await load();
      const text = JSON.stringify(view);
      if (!stopped && text !== last) { last = text; await show(view); }
    } catch { /* offline a moment: the next look tries again */ }
    busy = false;
  }, FOLLOW_MS);
  return { stop() { stopped = true; clearInterval(timer); } };
}
