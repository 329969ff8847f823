// Crokinole's scorer part (scorer.js, scorer_kept.js; the keeper: cueboard/app/scorer_games.py).
// After a round, each side's discs in the 20-hole and on the board in the 15, 10 and 5 zones (a
// disc touching a line at the lower value); the round is scored by the NCA rules (tournament
// 2 / 1 / 0 a round, the seed game the difference, to its target). Or the round as an NCA
// scoresheet holds it: its winner and each side's 20s (and the totals, if written down). A game
// may be played to a points target ("first to 8", as play-offs are), and a Crokinole Match
// Notation file opens as a kept game.
import { api } from "/static/js/api.js";
import { t } from "/static/js/i18n.js";
import { el } from "/static/js/dom.js";
import { createScorerMatch, owner, row, stepper, swatch } from "/static/js/scorer_common.js";
import { KeptScreen } from "/static/js/scorer_kept.js";

const ZONES = ["twenties", "fifteens", "tens", "fives"];
const ZONE_POINTS = [20, 15, 10, 5];
// Side 0 shoots the light discs, side 1 the dark ones (as the board is drawn).
const COLOURS = ["#efd9a7", "#3b2716"];

// --- the new-match form --------------------------------------------------------------------------
export const defaults = { variant: "tournament", rounds: 4, target: 100, first_to: 8 };

export function formRows(settings, { select, number, rerender }) {
  const out = [el("div", { class: "row" }, el("label", { for: "scorer-variant", i18n: "setting.variant" }),
    select("scorer-variant", ["tournament", "first_to", "seed"], settings.variant, (o) => t(o === "first_to" ? "scorer.first_to_option" : `option.${o}`), (v) => { settings.variant = v; rerender(); }))];
  if (settings.variant === "tournament") out.push(el("div", { class: "row" }, el("label", { for: "scorer-rounds", i18n: "setting.rounds" }), number("scorer-rounds", "rounds", 1, 100)));
  else if (settings.variant === "first_to") out.push(el("div", { class: "row" }, el("label", { for: "scorer-first-to", i18n: "scorer.first_to" }), number("scorer-first-to", "first_to", 1, 200)));
  else out.push(el("div", { class: "row" }, el("label", { for: "scorer-target", i18n: "setting.target" }), number("scorer-target", "target", 1, 10000)));
  return out;
}

export function body(settings) {
  return settings.variant === "first_to" ? { first_to: settings.first_to } : { variant: settings.variant, rounds: settings.rounds, target: settings.target };
}

// A Crokinole Match Notation file (cueboard/app/cmn.py) as a kept game: the server checks the file,
// then a game is made with its teams and format and each CMN game entered as a round's result
// (winner, 20s, the raw totals where the file has them). CMN's "first_to" counts rounds won, 2
// points each here.
async function importCmn(file, error) {
  try {
    let doc;
    try { doc = JSON.parse(await file.text()); } catch { throw new Error(t("scorer.cmn_not_json")); }
    await api("POST", "/cmn/stats", doc);
    if (!doc.match) throw new Error(t("scorer.cmn_batch"));
    const teams = doc.match.teams.map((team) => team.players.map((p) => p.name));
    const players = teams[0].length === 2 ? [teams[0][0], teams[1][0], teams[0][1], teams[1][1]] : [teams[0][0], teams[1][0]];
    const gf = doc.match.gameFormat;
    const game = { game: "crokinole", players };
    if (gf?.type === "first_to") game.first_to = 2 * gf.target;
    else Object.assign(game, { variant: "tournament", rounds: gf?.count ?? Math.max(1, doc.match.games.length) });
    const m = await createScorerMatch(game);
    for (const g of doc.match.games) {
      const entry = { action: "result", winner: g.winner, twenties: g.twenties ?? [0, 0] };
      if (g.scores) entry.totals = g.scores;
      await api("POST", `/scorer/${m.id}/entries`, entry, owner(m.id));
    }
    location.hash = `#/scorer/${m.id}`;
  } catch (err) { error.textContent = err.key ? t(err.key, err.params) : String(err.message || err); }
}

export function formExtras(error) {
  const file = el("input", { type: "file", id: "scorer-cmn", accept: ".json,application/json" });
  file.addEventListener("change", () => { if (file.files[0]) importCmn(file.files[0], error); });
  return [el("div", { class: "row" }, el("label", { for: "scorer-cmn", i18n: "scorer.cmn_import" }), file)];
}

// --- the screen ----------------------------------------------------------------------------------
function blankResult() { return { winner: 0, twenties: [0, 0], totals: ["", ""] }; }

// The way a round is entered: its discs by zone, or its result as a scoresheet holds it.
function entryModes(screen) {
  const g = el("div", { class: "scorer-modes", role: "radiogroup", "aria-label": t("scorer.entry_mode") });
  for (const [sheet, key] of [[false, "scorer.by_zone"], [true, "scorer.by_result"]]) {
    g.append(el("button", { type: "button", class: `big${screen.sheet === sheet ? " on" : ""}`, role: "radio", "aria-checked": String(screen.sheet === sheet),
      "data-sheet": String(sheet), onclick: () => { screen.sheet = sheet; screen.build(); } }, t(key)));
  }
  return g;
}

function resultPad(screen) {
  const r = screen.result;
  const winner = el("div", { class: "scorer-modes", role: "radiogroup", "aria-label": t("scorer.round_winner") });
  for (const w of [0, 1, null]) {
    winner.append(el("button", { type: "button", class: `big${r.winner === w ? " on" : ""}`, role: "radio", "aria-checked": String(r.winner === w), "data-winner": String(w),
      onclick: () => { r.winner = w; screen.build(); } }, w === null ? t("scorer.tie") : screen.side(w)));
  }
  const sides = el("div", { class: "kept-sides" });
  for (const side of [0, 1]) {
    const total = el("input", { type: "number", min: 0, max: 500, step: 5, id: `total${side}`, value: r.totals[side], inputmode: "numeric" });
    total.addEventListener("input", () => { r.totals[side] = total.value; });
    sides.append(el("fieldset", { class: "kept-side", "data-side": side }, el("legend", {}, swatch(COLOURS, side), screen.side(side)),
      stepper(t("score.twenties"), `twenties${side}`, () => r.twenties[side], (n) => { r.twenties[side] = n; }),
      el("div", { class: "row" }, el("label", { for: `total${side}` }, t("scorer.total_optional")), total)));
  }
  const send = () => {
    const entry = { action: "result", winner: r.winner, twenties: r.twenties };
    if (r.totals[0] !== "" && r.totals[1] !== "") entry.totals = r.totals.map((x) => parseInt(x, 10));
    screen.send("entries", entry);
  };
  return [el("p", { class: "muted small" }, t("scorer.round_winner")), winner, sides,
    el("div", { class: "scorer-row" }, el("button", { class: "big primary", id: "scorer-result", onclick: send }, t("scorer.enter_round")))];
}

function zonePad(screen) {
  const s = screen.m.summary;
  const perSide = s.discs * (s.players.length / 2);
  const preview = el("p", { class: "muted", id: "scorer-preview" });
  const show = () => {
    const tot = screen.counts.map((c) => c.reduce((a, n, i) => a + n * ZONE_POINTS[i], 0));
    preview.textContent = `${t("score.round_total")}: ${tot[0]} : ${tot[1]}`;
  };
  const sides = el("div", { class: "kept-sides" });
  for (const side of [0, 1]) {
    const box = el("fieldset", { class: "kept-side", "data-side": side }, el("legend", {}, swatch(COLOURS, side), screen.side(side)));
    ZONES.forEach((z, i) => box.append(stepper(t(`scorer.zone.${z}`), `count${side}-${z}`, () => screen.counts[side][i], (n) => { screen.counts[side][i] = n; show(); }, perSide)));
    sides.append(box);
  }
  show();
  const enter = el("button", { class: "big primary", id: "scorer-round", onclick: () => screen.send("entries", { action: "round", counts: screen.counts }) }, t("scorer.enter_round"));
  return [el("p", { class: "muted small" }, t("scorer.crokinole_help")), sides, preview, el("div", { class: "scorer-row" }, enter)];
}

function roundsTable(screen) {
  const s = screen.m.summary;
  if (!s.rounds || !s.rounds.length) return [];
  const head = el("tr", {}, el("th", { scope: "col" }, t("score.round")), el("th", { scope: "col" }, t("scorer.starter")),
    el("th", { scope: "col" }, screen.side(0)), el("th", { scope: "col" }, screen.side(1)), el("th", { scope: "col" }, t("score.score")));
  const cell = (r, side) => `${r.totals ? r.totals[side] : "—"} (${r.twenties ? r.twenties[side] : "—"}×20)${r.winner === side ? " ✓" : ""}`;
  const body = s.rounds.map((r) => el("tr", {},
    el("td", {}, String(r.round)), el("td", {}, screen.side(r.starter_side)),
    el("td", {}, cell(r, 0)), el("td", {}, cell(r, 1)),
    el("td", {}, `${r.scores_after[0]} : ${r.scores_after[1]}`)));
  return [el("div", { class: "stats-wrap" }, el("table", { class: "stats", id: "scorer-rounds" }, el("thead", {}, head), el("tbody", {}, ...body)))];
}

const part = {
  colours: COLOURS,
  reset(screen) {
    screen.counts = [[0, 0, 0, 0], [0, 0, 0, 0]];
    screen.result = blankResult();
    screen.sheet ??= false;
  },
  side: (screen, n) => screen.m.summary.sides[n],
  status: (screen) => t("scorer.round_starts", { n: screen.m.summary.round, name: screen.seat(screen.m.summary.striker) }),
  calls(screen, last) {
    const r = last.ruling.round_result;
    if (!r) return [];
    const winner = r.winner === null ? t("scorer.round_tied", { n: r.round }) : t("scorer.round_won", { n: r.round, name: screen.side(r.winner) });
    return [`${winner} ${r.totals[0]} : ${r.totals[1]} · ${t("scorer.points_added", { a: r.points[0], b: r.points[1] })}`];
  },
  info(screen) {
    const s = screen.m.summary;
    return [row(t("score.round"), s.round, "scorer-round-n"),
      s.first_to ? row(t("scorer.first_to"), s.first_to, "scorer-first-to")
        : s.variant === "tournament" ? row(t("score.rounds_of"), s.rounds_of, "scorer-rounds-of") : row(t("score.target"), s.target, "scorer-target")];
  },
  pad: (screen) => [entryModes(screen), ...(screen.sheet ? resultPad(screen) : zonePad(screen))],
  tables: roundsTable,
};

export function screen(root, match) { return new KeptScreen(root, match, part); }
