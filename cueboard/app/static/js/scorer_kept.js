// Scorer mode for crokinole and novuss (cueboard/app/scorer_games.py): a real game kept by hand,
// each entry refereed on the server by the game's own scoreboard, as `cueboard score crokinole` /
// `cueboard score novuss` do.
// - Crokinole: after a round, each side's discs in the 20-hole and on the board in the 15, 10 and
//   5 zones (a disc touching a line at the lower value); the round is scored by the NCA rules
//   (tournament 2 / 1 / 0 a round, the seed game the difference, to its target). Or the round as
//   an NCA scoresheet holds it: its winner and each side's 20s (and the totals, if written down).
// - Novuss: after a stroke, what was seen: direct or rebound, whose disc the striker touched
//   first, the discs dropped or over a rail, the striker's fate; the LNF penalty cases and the
//   turn follow from it (or the same in the words of `cueboard score novuss`).
import { api } from "./api.js";
import { shotCalls } from "./calls.js";
import { setGame, t } from "./i18n.js";
import { el } from "./dom.js";
import { owner, row, seatName, stepper, swatch } from "./scorer_common.js";
import { statsPanel } from "./stats.js";

const ZONES = ["twenties", "fifteens", "tens", "fives"];
const ZONE_POINTS = [20, 15, 10, 5];
const NOVUSS_COUNTS = ["own_pocketed", "opponent_pocketed", "own_off_table", "opponent_off_table", "dark_hit", "dark_hit_pocketed"];
const NOVUSS_FLAGS = ["striker_pocketed", "striker_off_table", "striker_in_own_zone", "dark_first", "opposite_rail", "no_light", "had_dark"];
const FIRST = ["own", "opponent", "own_and_opponent", "none"];

function blankCounts() { return [[0, 0, 0, 0], [0, 0, 0, 0]]; }
function blankReport() {
  const r = { stroke: "direct", first_contact: "own" };
  for (const k of NOVUSS_COUNTS) r[k] = 0;
  for (const k of NOVUSS_FLAGS) r[k] = false;
  return r;
}
// The pad's report as StrokeReport's fields (cueboard/games/novuss/scoreboard.py).
function reportJson(r) {
  const out = { stroke: r.stroke, first_contact: r.first_contact };
  for (const k of NOVUSS_COUNTS) if (r[k]) out[k] = r[k];
  for (const k of ["striker_pocketed", "striker_off_table", "striker_in_own_zone", "opposite_rail"]) if (r[k]) out[k] = true;
  if (r.dark_first) out.first_light = false;
  if (r.no_light) out.had_light = false;
  if (r.had_dark) out.had_dark = true;
  return out;
}

export class KeptScreen {
  constructor(root, match) {
    this.root = root; this.m = match; this.game = match.summary.game; this.busy = false; this.error = "";
    this.counts = blankCounts(); this.report = blankReport();
    this.sheet = false; this.result = { winner: 0, twenties: [0, 0], totals: ["", ""] };
    setGame(this.game);
    this.build();
  }
  destroy() { setGame(null); this.root.replaceChildren(); }
  seat(n) { return seatName(this.m.header.players, n); }
  side(n) { return this.m.summary.game === "crokinole" ? this.m.summary.sides[n] : this.m.summary.sides[n].players.join(" & "); }

  async send(path, body) {
    if (this.busy) return;
    this.busy = true; this.error = ""; this.build();
    try {
      this.m = await api("POST", `/scorer/${this.m.id}/${path}`, body, owner(this.m.id));
      this.counts = blankCounts(); this.report = blankReport();
      this.result = { winner: 0, twenties: [0, 0], totals: ["", ""] };
    } catch (err) { this.error = t(err.key, err.params); }
    this.busy = false; this.build();
  }

  scores() {
    const s = this.m.summary;
    const box = el("div", { class: "scorer-scores", id: "scorer-scores", "aria-live": "polite" });
    for (const side of [0, 1]) {
      const striker = !s.match_over && s.striker_side === side;
      box.append(el("div", { class: `scorer-side${striker ? " striker" : ""}`, "data-side": side, title: this.side(side), "aria-label": `${this.side(side)}: ${s.scores[side]}` },
        el("div", { class: "name" }, swatch(this.game, side), `${striker ? "▶ " : ""}${this.side(side)}`),
        el("div", { class: "points", id: `scorer-score${side}` }, String(s.scores[side])),
        this.game === "novuss" ? el("div", { class: "muted small" }, `${t("score.discs_left")}: ${s.sides[side].on_table} · ${t("score.debt")}: ${s.debt[side]}`) : ""));
    }
    return box;
  }

  status() {
    const s = this.m.summary;
    if (s.match_over) return s.match_winner === null || s.match_winner === undefined ? t("match.draw") : t("match.winner", { name: this.side(s.match_winner) });
    if (this.game === "crokinole") return t("scorer.round_starts", { n: s.round, name: this.seat(s.striker) });
    return t("match.to_play", { name: this.seat(s.striker) });
  }

  calls() {
    const box = el("div", { class: "calls", id: "scorer-calls", role: "log", "aria-live": "polite" });
    const last = this.m.recent[this.m.recent.length - 1];
    if (!last) return box;
    if (this.game === "crokinole") {
      const r = last.ruling.round_result;
      if (r) {
        const winner = r.winner === null ? t("scorer.round_tied", { n: r.round }) : t("scorer.round_won", { n: r.round, name: this.side(r.winner) });
        box.append(el("p", {}, `${winner} ${r.totals[0]} : ${r.totals[1]} · ${t("scorer.points_added", { a: r.points[0], b: r.points[1] })}`));
      }
      return box;
    }
    const names = { seat: (n) => this.seat(n), side: (n) => this.side(n), say: (c) => this.say(c) };
    for (const text of shotCalls("novuss", last, names, this.m.summary.striker)) box.append(el("p", {}, text));
    return box;
  }
  say(c) {
    const p = { ...c.params };
    if ("side" in p) p.side = p.side === null ? "—" : this.side(p.side);
    if ("seat" in p) p.seat = this.seat(p.seat);
    return t(c.key, p);
  }

  // The way a round is entered: its discs by zone, or its result as a scoresheet holds it.
  entryModes() {
    const g = el("div", { class: "scorer-modes", role: "radiogroup", "aria-label": t("scorer.entry_mode") });
    for (const [sheet, key] of [[false, "scorer.by_zone"], [true, "scorer.by_result"]]) {
      g.append(el("button", { type: "button", class: `big${this.sheet === sheet ? " on" : ""}`, role: "radio", "aria-checked": String(this.sheet === sheet),
        "data-sheet": String(sheet), onclick: () => { this.sheet = sheet; this.build(); } }, t(key)));
    }
    return g;
  }

  resultPad() {
    const r = this.result;
    const winner = el("div", { class: "scorer-modes", role: "radiogroup", "aria-label": t("scorer.round_winner") });
    for (const w of [0, 1, null]) {
      winner.append(el("button", { type: "button", class: `big${r.winner === w ? " on" : ""}`, role: "radio", "aria-checked": String(r.winner === w), "data-winner": String(w),
        onclick: () => { r.winner = w; this.build(); } }, w === null ? t("scorer.tie") : this.side(w)));
    }
    const sides = el("div", { class: "kept-sides" });
    for (const side of [0, 1]) {
      const total = el("input", { type: "number", min: 0, max: 500, step: 5, id: `total${side}`, value: r.totals[side], inputmode: "numeric" });
      total.addEventListener("input", () => { r.totals[side] = total.value; });
      sides.append(el("fieldset", { class: "kept-side", "data-side": side }, el("legend", {}, swatch("crokinole", side), this.side(side)),
        stepper(t("score.twenties"), `twenties${side}`, () => r.twenties[side], (n) => { r.twenties[side] = n; }),
        el("div", { class: "row" }, el("label", { for: `total${side}` }, t("scorer.total_optional")), total)));
    }
    const send = () => {
      const entry = { action: "result", winner: r.winner, twenties: r.twenties };
      if (r.totals[0] !== "" && r.totals[1] !== "") entry.totals = r.totals.map((x) => parseInt(x, 10));
      this.send("entries", entry);
    };
    return [el("p", { class: "muted small" }, t("scorer.round_winner")), winner, sides,
      el("div", { class: "scorer-row" }, el("button", { class: "big primary", id: "scorer-result", onclick: send }, t("scorer.enter_round")))];
  }

  crokinolePad() {
    if (this.sheet) return [this.entryModes(), ...this.resultPad()];
    const s = this.m.summary;
    const perSide = s.discs * (s.players.length / 2);
    const preview = el("p", { class: "muted", id: "scorer-preview" });
    const show = () => {
      const tot = this.counts.map((c) => c.reduce((a, n, i) => a + n * ZONE_POINTS[i], 0));
      preview.textContent = `${t("score.round_total")}: ${tot[0]} : ${tot[1]}`;
    };
    const sides = el("div", { class: "kept-sides" });
    for (const side of [0, 1]) {
      const box = el("fieldset", { class: "kept-side", "data-side": side }, el("legend", {}, swatch("crokinole", side), this.side(side)));
      ZONES.forEach((z, i) => box.append(stepper(t(`scorer.zone.${z}`), `count${side}-${z}`, () => this.counts[side][i], (n) => { this.counts[side][i] = n; show(); }, perSide)));
      sides.append(box);
    }
    show();
    const enter = el("button", { class: "big primary", id: "scorer-round", onclick: () => this.send("entries", { action: "round", counts: this.counts }) }, t("scorer.enter_round"));
    return [this.entryModes(), el("p", { class: "muted small" }, t("scorer.crokinole_help")), sides, preview, el("div", { class: "scorer-row" }, enter)];
  }

  roundsTable() {
    const s = this.m.summary;
    if (!s.rounds || !s.rounds.length) return "";
    const head = el("tr", {}, el("th", { scope: "col" }, t("score.round")), el("th", { scope: "col" }, t("scorer.starter")),
      el("th", { scope: "col" }, this.side(0)), el("th", { scope: "col" }, this.side(1)), el("th", { scope: "col" }, t("score.score")));
    const cell = (r, side) => `${r.totals ? r.totals[side] : "—"} (${r.twenties ? r.twenties[side] : "—"}×20)${r.winner === side ? " ✓" : ""}`;
    const body = s.rounds.map((r) => el("tr", {},
      el("td", {}, String(r.round)), el("td", {}, this.side(r.starter_side)),
      el("td", {}, cell(r, 0)), el("td", {}, cell(r, 1)),
      el("td", {}, `${r.scores_after[0]} : ${r.scores_after[1]}`)));
    return el("div", { class: "stats-wrap" }, el("table", { class: "stats", id: "scorer-rounds" }, el("thead", {}, head), el("tbody", {}, ...body)));
  }

  novussPad() {
    const r = this.report;
    const group = (name, options, key) => {
      const g = el("div", { class: "scorer-modes", role: "radiogroup", "aria-label": t(`scorer.novuss.${name}`) });
      for (const o of options) {
        g.append(el("button", { type: "button", class: `big${r[key] === o ? " on" : ""}`, role: "radio", "aria-checked": String(r[key] === o), [`data-${name}`]: o,
          onclick: () => { r[key] = o; this.build(); } }, t(`scorer.novuss.${o}`)));
      }
      return el("div", {}, el("p", { class: "muted small" }, t(`scorer.novuss.${name}`)), g);
    };
    const counts = el("div", { class: "kept-counts" }, ...NOVUSS_COUNTS.map((k) => stepper(t(`scorer.novuss.${k}`), `novuss-${k}`, () => r[k], (n) => { r[k] = n; }, 8)));
    const flags = el("div", { class: "scorer-row" }, ...NOVUSS_FLAGS.map((k) => el("button", { type: "button", class: `big${r[k] ? " on" : ""}`, "aria-pressed": String(r[k]), "data-flag": k,
      onclick: () => { r[k] = !r[k]; this.build(); } }, t(`scorer.novuss.${k}`))));
    const enter = el("button", { class: "big primary", id: "scorer-stroke", onclick: () => this.send("entries", { action: "stroke", report: reportJson(r) }) }, t("scorer.enter_stroke"));
    const words = el("input", { type: "text", id: "scorer-line", autocomplete: "off", "aria-label": t("scorer.novuss_line") });
    const wordsForm = el("form", { class: "row", onsubmit: (e) => { e.preventDefault(); if (words.value.trim()) this.send("entries", { line: words.value.trim() }); } },
      el("label", { for: "scorer-line" }, t("scorer.novuss_line")), words, el("button", { type: "submit" }, t("scorer.send")));
    return [group("kind", ["direct", "rebound"], "stroke"), group("first", FIRST, "first_contact"), counts, flags,
      el("div", { class: "scorer-row" }, enter), el("details", {}, el("summary", {}, t("scorer.words")), wordsForm)];
  }

  build() {
    const s = this.m.summary;
    const head = el("div", { class: "row top" }, el("a", { href: "#/scorer" }, t("scorer.title")), el("a", { href: "#/" }, t("match.back")),
      el("span", { class: "muted" }, t(`game.${this.game}`)));
    const info = el("div", { class: "scorer-info" });
    if (this.game === "crokinole") {
      info.append(row(t("score.round"), s.round, "scorer-round-n"),
        s.first_to ? row(t("scorer.first_to"), s.first_to, "scorer-first-to")
          : s.variant === "tournament" ? row(t("score.rounds_of"), s.rounds_of, "scorer-rounds-of") : row(t("score.target"), s.target, "scorer-target"));
    } else info.append(row(t("scorer.strokes"), s.strokes, "scorer-strokes"));
    const pad = el("div", { class: "scorer-pad" }, ...(this.game === "crokinole" ? this.crokinolePad() : this.novussPad()));
    if (this.busy || s.match_over) for (const b of pad.querySelectorAll("button")) b.disabled = true;
    const undo = el("button", { class: "big", id: "scorer-undo", onclick: () => this.send("undo") }, t("scorer.undo"));
    undo.disabled = this.busy || !this.m.can_undo;
    const share = el("p", { class: "muted small" }, el("a", { id: "scorer-share", href: this.m.share_path }, t("online.watch_link")));
    const error = el("p", { class: "error", id: "scorer-error", role: "alert" }, this.error);
    const writing = this.m.owner ? [pad, el("div", { class: "scorer-row" }, undo), share]
      : [el("p", { class: "muted", id: "scorer-read-only" }, t("online.watching"))];
    const stats = statsPanel(`/scorer/${this.m.id}`, this.game, { cmn: this.game === "crokinole" });
    this.root.replaceChildren(el("div", { class: "scorer", "data-game": this.game }, head, this.scores(),
      el("p", { class: "status", id: "scorer-status" }, this.status()), info, this.calls(), error, ...writing,
      this.game === "crokinole" ? this.roundsTable() : "", stats));
  }
}
