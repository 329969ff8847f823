// Novuss's scorer part (scorer.js, scorer_kept.js; the keeper: cueboard/app/scorer_games.py).
// After a stroke, what was seen: direct or rebound, whose disc the striker touched first, the discs
// dropped or over a rail, the striker's fate; the LNF penalty cases and the turn follow from it
// (or the same in the words of `cueboard score novuss`).
import { t } from "/static/js/i18n.js";
import { el } from "/static/js/dom.js";
import { row, stepper } from "/static/js/scorer_common.js";
import { KeptScreen, wordsForm } from "/static/js/scorer_kept.js";

const COUNTS = ["own_pocketed", "opponent_pocketed", "own_off_table", "opponent_off_table", "dark_hit", "dark_hit_pocketed"];
const FLAGS = ["striker_pocketed", "striker_off_table", "striker_in_own_zone", "dark_first", "opposite_rail", "no_light", "had_dark"];
const FIRST = ["own", "opponent", "own_and_opponent", "none"];
// Side 0 plays the white discs, side 1 the black ones.
const COLOURS = ["#f2efe6", "#1c1c1c"];

// --- the new-match form: novuss has no rules settings to choose ----------------------------------
export const defaults = {};
export function formRows() { return []; }
export function body() { return {}; }

// --- the screen ----------------------------------------------------------------------------------
function blankReport() {
  const r = { stroke: "direct", first_contact: "own" };
  for (const k of COUNTS) r[k] = 0;
  for (const k of FLAGS) r[k] = false;
  return r;
}
// The pad's report as StrokeReport's fields (cueboard/games/novuss/scoreboard.py).
function reportJson(r) {
  const out = { stroke: r.stroke, first_contact: r.first_contact };
  for (const k of COUNTS) if (r[k]) out[k] = r[k];
  for (const k of ["striker_pocketed", "striker_off_table", "striker_in_own_zone", "opposite_rail"]) if (r[k]) out[k] = true;
  if (r.dark_first) out.first_light = false;
  if (r.no_light) out.had_light = false;
  if (r.had_dark) out.had_dark = true;
  return out;
}

function pad(screen) {
  const r = screen.report;
  const group = (name, options, key) => {
    const g = el("div", { class: "scorer-modes", role: "radiogroup", "aria-label": t(`scorer.novuss.${name}`) });
    for (const o of options) {
      g.append(el("button", { type: "button", class: `big${r[key] === o ? " on" : ""}`, role: "radio", "aria-checked": String(r[key] === o), [`data-${name}`]: o,
        onclick: () => { r[key] = o; screen.build(); } }, t(`scorer.novuss.${o}`)));
    }
    return el("div", {}, el("p", { class: "muted small" }, t(`scorer.novuss.${name}`)), g);
  };
  const counts = el("div", { class: "kept-counts" }, ...COUNTS.map((k) => stepper(t(`scorer.novuss.${k}`), `novuss-${k}`, () => r[k], (n) => { r[k] = n; }, 8)));
  const flags = el("div", { class: "scorer-row" }, ...FLAGS.map((k) => el("button", { type: "button", class: `big${r[k] ? " on" : ""}`, "aria-pressed": String(r[k]), "data-flag": k,
    onclick: () => { r[k] = !r[k]; screen.build(); } }, t(`scorer.novuss.${k}`))));
  const enter = el("button", { class: "big primary", id: "scorer-stroke", onclick: () => screen.send("entries", { action: "stroke", report: reportJson(r) }) }, t("scorer.enter_stroke"));
  return [group("kind", ["direct", "rebound"], "stroke"), group("first", FIRST, "first_contact"), counts, flags,
    el("div", { class: "scorer-row" }, enter), wordsForm(screen, t("scorer.novuss_line"))];
}

const part = {
  colours: COLOURS,
  reset(screen) { screen.report = blankReport(); },
  side: (screen, n) => screen.m.summary.sides[n].players.join(" & "),
  scoreLine: (screen, side) => el("div", { class: "muted small" }, `${t("score.discs_left")}: ${screen.m.summary.sides[side].on_table} · ${t("score.debt")}: ${screen.m.summary.debt[side]}`),
  info: (screen) => [row(t("scorer.strokes"), screen.m.summary.strokes, "scorer-strokes")],
  pad,
};

export function screen(root, match) { return new KeptScreen(root, match, part); }
