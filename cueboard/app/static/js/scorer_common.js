// What the scorer's screens share (scorer.js: snooker; scorer_kept.js: crokinole and novuss): the
// owner token kept in localStorage, a label/value row, a number stepper with finger-sized buttons,
// the side colours of the pieces (as draw.js paints them) and the seat names.
import { t } from "./i18n.js";
import { el } from "./dom.js";

export const TOKEN = (id) => `cueboard.scorer.${id}`;
// The headers of a write to scorer match `id`: its owner token, when this browser holds it.
export function owner(id) {
  const token = localStorage.getItem(TOKEN(id));
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export function row(label, value, id) {
  return el("div", { class: "row" }, el("span", { class: "muted" }, label), el("span", { id }, String(value)));
}

// Each side's colour: crokinole side 0 light discs, side 1 dark; novuss side 0 white, side 1 black.
export const SIDE_COLOURS = { crokinole: ["#efd9a7", "#3b2716"], novuss: ["#f2efe6", "#1c1c1c"] };
export function swatch(game, side) {
  const colour = SIDE_COLOURS[game]?.[side];
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
