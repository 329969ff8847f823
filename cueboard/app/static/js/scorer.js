// Scorer mode: keep the score of a real snooker, crokinole or novuss match on a phone or a tablet
// (crokinole and novuss: scorer_kept.js). Snooker: each tap is one entry (a pot, a safety, a foul
// with the ball concerned, a choice after a foul, a concession) posted to
// /api/scorer/<id>/entries and refereed on the server by the same referee as `cueboard score
// snooker`; the scoreboard and the referee's calls (calls.js) come back; Undo takes back the last
// entry. A stroke carries its mark for the statistics (stats.js): a pot attempt or a safety, long
// or not. Routed by app.js at #/scorer (new match, resume) and #/scorer/<id>.
// Only the match's owner writes: the owner token the server hands the creator once is kept in
// localStorage and sent with every entry (the server also sets an HttpOnly cookie with it); any
// other browser opening #/scorer/<id> (the share link) follows the score, read-only.
import { api } from "./api.js";
import { shotCalls } from "./calls.js";
import { sentence, setGame, t } from "./i18n.js";
import { el } from "./dom.js";
import { owner, row, TOKEN } from "./scorer_common.js";
import { KeptScreen } from "./scorer_kept.js";
import { statsPanel } from "./stats.js";

const COLOURS = ["yellow", "green", "brown", "blue", "pink", "black"];
const VALUE = { red: 1, yellow: 2, green: 3, brown: 4, blue: 5, pink: 6, black: 7 };
// What a tap on a ball reports in each mode (docs/app.md#scorer-mode).
const MODES = ["pot", "safe", "foul_first", "foul_pot", "foul_touched"];

const GAMES = ["snooker", "crokinole", "novuss"];
// The last choices of the new-match form, remembered in localStorage.
const FORM_KEY = "cueboard.scorer.form";
const form = { game: "snooker", count: 2, players: ["", "", "", ""], best_of: 1, reds: 15, miss: "professional", variant: "tournament", rounds: 4, target: 100, first_to: 8 };
try { Object.assign(form, JSON.parse(localStorage.getItem(FORM_KEY) || "{}")); } catch { /* a bad saved form: the defaults */ }
if (!GAMES.includes(form.game)) form.game = "snooker";
while (form.players.length < 4) form.players.push("");

// The lobby's "keep score" door of a game: the scorer's form opens on that game.
export function chooseScorerGame(game) {
  if (GAMES.includes(game)) { form.game = game; if (game === "snooker") form.count = 2; }
}

function select(id, options, value, labels, onchange) {
  const s = el("select", { id });
  for (const o of options) s.append(el("option", { value: o }, labels(o)));
  s.value = String(value);
  s.addEventListener("change", () => onchange(s.value));
  return s;
}

// The new-match form (the game, the names, the rules) and the scorer matches to resume.
async function renderNew(root) {
  const rerender = () => renderNew(root);
  const kept = await api("GET", "/scorer");  // first: the form below is built from `form` as it is now
  const card = el("div", { class: "card" }, el("h2", { i18n: "scorer.title" }), el("p", { class: "muted", i18n: "scorer.intro" }));
  const games = el("div", { class: "scorer-modes", role: "radiogroup", "aria-label": t("scorer.game") });
  for (const g of GAMES) {
    games.append(el("button", { type: "button", class: `big${form.game === g ? " on" : ""}`, role: "radio", "aria-checked": String(form.game === g), "data-game": g,
      onclick: () => { form.game = g; if (g === "snooker") form.count = 2; rerender(); } }, t(`game.${g}`)));
  }
  card.append(games);
  if (form.game !== "snooker") {
    card.append(el("div", { class: "row" }, el("label", { for: "scorer-count", i18n: "lobby.players" }),
      select("scorer-count", [2, 4], form.count, (n) => t(n === 2 ? "scorer.singles" : "scorer.doubles"), (v) => { form.count = parseInt(v, 10); rerender(); })));
  }
  form.players.slice(0, form.count).forEach((name, i) => {
    const input = el("input", { type: "text", id: `scorer-player${i}`, maxlength: 64, autocomplete: "off", value: name, placeholder: t("lobby.player_n", { n: i + 1 }) });
    input.addEventListener("input", () => { form.players[i] = input.value; });
    card.append(el("div", { class: "row" }, el("label", { for: input.id }, t("lobby.player_n", { n: i + 1 })), input));
  });
  const number = (id, key, min, max) => {
    const input = el("input", { type: "number", id, min, max, value: form[key] });
    input.addEventListener("input", () => { form[key] = Math.max(min, Math.min(max, parseInt(input.value, 10) || min)); });
    return input;
  };
  if (form.game === "snooker") {
    card.append(el("div", { class: "row" }, el("label", { for: "scorer-best-of", i18n: "setting.best_of" }), number("scorer-best-of", "best_of", 1, 35)));
    card.append(el("div", { class: "row" }, el("label", { for: "scorer-reds", i18n: "setting.reds" }),
      select("scorer-reds", [15, 10, 6], form.reds, String, (v) => { form.reds = parseInt(v, 10); })));
    card.append(el("div", { class: "row" }, el("label", { for: "scorer-miss", i18n: "setting.miss" }),
      select("scorer-miss", ["professional", "amateur", "off"], form.miss, (o) => t(`option.${o}`), (v) => { form.miss = v; })));
  } else if (form.game === "crokinole") {
    card.append(el("div", { class: "row" }, el("label", { for: "scorer-variant", i18n: "setting.variant" }),
      select("scorer-variant", ["tournament", "first_to", "seed"], form.variant, (o) => t(o === "first_to" ? "scorer.first_to_option" : `option.${o}`), (v) => { form.variant = v; rerender(); })));
    if (form.variant === "tournament") card.append(el("div", { class: "row" }, el("label", { for: "scorer-rounds", i18n: "setting.rounds" }), number("scorer-rounds", "rounds", 1, 100)));
    else if (form.variant === "first_to") card.append(el("div", { class: "row" }, el("label", { for: "scorer-first-to", i18n: "scorer.first_to" }), number("scorer-first-to", "first_to", 1, 200)));
    else card.append(el("div", { class: "row" }, el("label", { for: "scorer-target", i18n: "setting.target" }), number("scorer-target", "target", 1, 10000)));
  }
  const error = el("p", { class: "error", role: "alert" });
  const start = el("button", { class: "primary big", id: "scorer-start" }, t("scorer.start"));
  start.addEventListener("click", async () => {
    try {
      localStorage.setItem(FORM_KEY, JSON.stringify(form));
      const players = form.players.slice(0, form.count).map((p, i) => p.trim() || t("lobby.player_n", { n: i + 1 }));
      const body = { game: form.game, players };
      if (form.game === "snooker") Object.assign(body, { best_of: form.best_of, reds: form.reds, miss: form.miss });
      if (form.game === "crokinole") Object.assign(body, form.variant === "first_to" ? { first_to: form.first_to } : { variant: form.variant, rounds: form.rounds, target: form.target });
      const m = await api("POST", "/scorer", body);
      localStorage.setItem(TOKEN(m.id), m.owner_token);
      location.hash = `#/scorer/${m.id}`;
    } catch (err) { error.textContent = t(err.key, err.params); }
  });
  card.append(el("div", { class: "row" }, start, el("a", { href: "#/" , i18n: "match.back" })), error);
  if (form.game === "crokinole") {
    const file = el("input", { type: "file", id: "scorer-cmn", accept: ".json,application/json" });
    file.addEventListener("change", () => { if (file.files[0]) importCmn(file.files[0], error); });
    card.append(el("div", { class: "row" }, el("label", { for: "scorer-cmn", i18n: "scorer.cmn_import" }), file));
  }
  const list = el("ul", { class: "list", id: "scorer-list" });
  for (const m of kept) {
    const frames = m.frames.length ? ` · ${m.frames.join("–")}` : "";
    list.append(el("li", {}, el("span", { class: "what" }, `${m.players.join(" – ")} · ${m.scores.join(" : ")}${frames}`),
      el("a", { href: `#/scorer/${m.id}` }, t(m.status === "playing" ? "lobby.open" : "lobby.view"))));
  }
  const resume = el("div", { class: "card" }, el("h2", { i18n: "scorer.matches" }), list.children.length ? list : el("p", { class: "muted", i18n: "lobby.none" }));
  root.replaceChildren(el("div", { class: "cards" }, card, resume));
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
    const body = { game: "crokinole", players };
    if (gf?.type === "first_to") body.first_to = 2 * gf.target;
    else Object.assign(body, { variant: "tournament", rounds: gf?.count ?? Math.max(1, doc.match.games.length) });
    const m = await api("POST", "/scorer", body);
    localStorage.setItem(TOKEN(m.id), m.owner_token);
    for (const g of doc.match.games) {
      const entry = { action: "result", winner: g.winner, twenties: g.twenties ?? [0, 0] };
      if (g.scores) entry.totals = g.scores;
      await api("POST", `/scorer/${m.id}/entries`, entry, owner(m.id));
    }
    location.hash = `#/scorer/${m.id}`;
  } catch (err) { error.textContent = err.key ? t(err.key, err.params) : String(err.message || err); }
}

export class ScorerScreen {
  constructor(root, match) {
    this.root = root; this.m = match; this.mode = "pot"; this.miss = null; this.freeBall = false; this.busy = false;
    this.error = ""; this.confirming = false; this.snookered = false; this.safety = false; this.long = false;
    setGame("snooker");
    this.build();
  }
  destroy() { setGame(null); this.root.replaceChildren(); }
  name(seat) { return this.m.header.players[seat] ?? t("match.seat", { n: seat + 1 }); }

  // Post one entry; a refused one shows the referee's reason and changes nothing.
  async send(path, body) {
    if (this.busy) return;
    this.busy = true; this.error = ""; this.build();
    try {
      this.m = await api("POST", `/scorer/${this.m.id}/${path}`, body, owner(this.m.id));
      this.mode = "pot"; this.miss = null; this.freeBall = false; this.confirming = false;
      this.snookered = false; this.safety = false; this.long = false;
    } catch (err) { this.error = t(err.key, err.params); }
    this.busy = false; this.build();
  }
  // A stroke with its mark for the statistics: a pot attempt unless marked a safety (a foul
  // is no pot attempt), long or not; "snookered" (a free ball for the incoming player) with a foul.
  stroke(report, { foul = this.mode.startsWith("foul") } = {}) {
    const s = { ...report };
    if (this.miss !== null && foul) s.miss = this.miss;
    if (this.snookered && foul) s.snookered = true;
    const entry = { stroke: s };
    if (s.stroke !== false && (this.safety || !foul)) entry.mark = { shot: this.safety ? "safety" : "pot", long: this.long };
    this.send("entries", entry);
  }

  // A tap on a ball, read by the mode.
  tapBall(ball) {
    const s = this.m.summary;
    if (this.mode === "pot") {
      if (this.freeBall && ball !== "red") return this.stroke({ free_ball: ball, potted: [ball] });
      return this.stroke(s.ball_on === "colour" && ball !== "red" ? { nominated: ball, potted: [ball] } : { potted: [ball] });
    }
    if (this.mode === "safe") return this.stroke(this.freeBall ? { free_ball: ball } : s.ball_on === "colour" ? { nominated: ball, first: [ball] } : { first: [ball] });
    if (this.mode === "foul_first") return this.stroke({ first: [ball] });
    if (this.mode === "foul_pot") return this.stroke({ potted: [ball] });
    if (this.mode === "foul_touched") return this.stroke({ fouls: ["touched_ball"], concerned: { touched_ball: ball }, stroke: false });
    return undefined;
  }
  // The penalty a foul concerning `ball` carries (S3 R12: the value of the ball on or of the higher
  // ball concerned, at least 4); shown on the ball buttons in a foul mode, the referee's call says it.
  penalty(ball) {
    const on = this.m.summary.ball_on;
    return Math.max(4, VALUE[on] || 0, VALUE[ball] || 0);
  }

  build() {
    const s = this.m.summary; const sb = this.m.scoreboard;
    const over = s.match_over; const choosing = s.choices.length > 0;
    const scores = el("div", { class: "scorer-scores", id: "scorer-scores", "aria-live": "polite" });
    for (const side of [0, 1]) {
      const striker = !s.frame_over && s.striker === side;
      scores.append(el("div", { class: `scorer-side${striker ? " striker" : ""}`, "data-side": side, "aria-label": `${this.name(side)}: ${sb.sides[side].score}` },
        el("div", { class: "name" }, `${striker ? "▶ " : ""}${this.name(side)}`),
        el("div", { class: "points", id: `scorer-score${side}` }, String(sb.sides[side].score)),
        el("div", { class: "muted small" }, `${t("score.frames")}: ${s.frames[side]} · ${t("score.highest_break")}: ${s.highest_break[side]}`)));
    }
    const info = el("div", { class: "scorer-info" },
      row(t("score.break"), s.break, "scorer-break"),
      row(t("score.ball_on"), sentence(t(`ball.${s.ball_on}`)), "scorer-ball-on"),
      row(t("score.remaining"), s.points_remaining, "scorer-remaining"),
      row(t("setting.reds"), s.reds, "scorer-reds-left"),
      row(t("score.frame"), `${s.frame} / ${this.m.header.settings.best_of}`, "scorer-frame"));
    s.snookers_required.forEach((k, side) => { if (k && !s.frame_over) info.append(row(`${t("score.snookers_required")} (${this.name(side)})`, k)); });
    const calls = el("div", { class: "calls", id: "scorer-calls", role: "log", "aria-live": "polite" });
    const last = this.m.recent[this.m.recent.length - 1];
    const names = { seat: (n) => this.name(n), side: (n) => this.name(n), say: (c) => this.say(c) };
    if (last) for (const text of shotCalls("snooker", last, names, s.striker)) calls.append(el("p", {}, text));
    if (over) calls.append(el("p", { class: "status" }, s.match_winner === null ? t("match.draw") : t("match.winner", { name: this.name(s.match_winner) })));
    const pad = el("div", { class: "scorer-pad" });
    const lock = this.busy || over || choosing || s.frame_over;
    if (choosing) {
      const ch = el("div", { class: "scorer-choices", role: "group", "aria-label": t("match.choose") }, el("p", {}, t("match.to_choose", { name: this.name(s.striker) })));
      for (const c of s.choices) ch.append(el("button", { class: "big primary", "data-choice": c, onclick: () => this.send("entries", { action: "choose", choice: c }) }, t(`choice.${c}`)));
      pad.append(ch);
    }
    const modes = el("div", { class: "scorer-modes", role: "radiogroup", "aria-label": t("scorer.mode") });
    for (const mo of MODES) {
      modes.append(el("button", { class: `big${this.mode === mo ? " on" : ""}`, role: "radio", "aria-checked": String(this.mode === mo), "data-mode": mo, onclick: () => { this.mode = mo; this.build(); } }, t(`scorer.${mo}`)));
    }
    const balls = el("div", { class: "scorer-balls", role: "group", "aria-label": t(`scorer.${this.mode}`) });
    for (const b of ["red", ...COLOURS]) {
      const label = this.mode.startsWith("foul") ? `${sentence(t(`ball.${b}`))} · ${this.penalty(b)}` : sentence(t(`ball.${b}`));
      balls.append(el("button", { class: `ball ball-${b}`, "data-ball": b, "aria-label": `${t(`scorer.${this.mode}`)}: ${label}`, onclick: () => this.tapBall(b) }, label));
    }
    const fouls = el("div", { class: "scorer-row" },
      el("button", { class: "big", "data-entry": "nothing", onclick: () => this.stroke({ nothing: true }, { foul: true }) }, `${t("scorer.foul_nothing")} · ${this.penalty("")}`),
      el("button", { class: "big", "data-entry": "in_off", onclick: () => this.stroke({ potted: ["white"] }, { foul: true }) }, `${t("scorer.foul_in_off")} · ${this.penalty("")}`));
    const missLabel = { null: "scorer.miss_auto", true: "scorer.miss_yes", false: "scorer.miss_no" }[String(this.miss)];
    const toggles = el("div", { class: "scorer-row" },
      el("button", { class: `big${this.miss !== null ? " on" : ""}`, "data-entry": "miss", "aria-pressed": String(this.miss !== null), onclick: () => { this.miss = this.miss === null ? true : this.miss ? false : null; this.build(); } }, t(missLabel)));
    const flag = (key, label) => el("button", { class: `big${this[key] ? " on" : ""}`, "data-entry": key, "aria-pressed": String(this[key]), onclick: () => { this[key] = !this[key]; this.build(); } }, t(label));
    toggles.append(flag("snookered", "scorer.snookered"), flag("safety", "scorer.safety"), flag("long", "scorer.long"));
    if (s.free_ball) {
      toggles.append(el("button", { class: `big${this.freeBall ? " on" : ""}`, "data-entry": "free_ball", "aria-pressed": String(this.freeBall), onclick: () => { this.freeBall = !this.freeBall; this.build(); } }, t("match.free_ball")));
    }
    if (s.ball_on !== "colour" || this.mode !== "safe") {
      // no score: the ball on hit first (a colour on, or a free ball: tap the ball hit)
      const pick = () => { this.mode = "safe"; this.build(); };
      toggles.append(el("button", { class: "big", "data-entry": "safe", onclick: () => (s.ball_on === "colour" || this.freeBall ? pick() : this.stroke({})) }, t("scorer.no_score")));
    }
    pad.append(modes, balls, fouls, toggles);
    for (const b of pad.querySelectorAll(".scorer-modes button, .scorer-balls button, .scorer-row button")) b.disabled = lock;
    const tail = el("div", { class: "scorer-row" });
    const undo = el("button", { class: "big", id: "scorer-undo", onclick: () => this.send("undo") }, t("scorer.undo"));
    undo.disabled = this.busy || !this.m.can_undo;
    tail.append(undo);
    if (this.m.next_frame) tail.append(el("button", { class: "big primary", id: "scorer-next", onclick: () => this.send("entries", { action: "next_frame" }) }, t("scorer.next_frame")));
    if (!over && !s.frame_over) {
      if (this.confirming) {
        tail.append(el("span", { class: "confirm", role: "group" }, el("span", {}, t("match.concede_confirm")),
          el("button", { class: "danger", "data-confirm": "yes", onclick: () => this.send("entries", { action: "concede" }) }, t("match.concede_yes")),
          el("button", { "data-confirm": "no", onclick: () => { this.confirming = false; this.build(); } }, t("match.concede_no"))));
      } else tail.append(el("button", { class: "big danger", id: "scorer-concede", onclick: () => { this.confirming = true; this.build(); } }, `${t("match.concede")} (${this.name(s.striker)})`));
    }
    const words = el("input", { type: "text", id: "scorer-line", autocomplete: "off", "aria-label": t("scorer.line") });
    const wordsForm = el("form", { class: "row", onsubmit: (e) => { e.preventDefault(); if (words.value.trim()) this.send("entries", { line: words.value.trim() }); } },
      el("label", { for: "scorer-line" }, t("scorer.line")), words, el("button", { type: "submit" }, t("scorer.send")));
    const head = el("div", { class: "row top" }, el("a", { href: "#/scorer" }, t("scorer.title")), el("a", { href: "#/" }, t("match.back")),
      el("span", { class: "muted" }, `${t("game.snooker")} · ${s.frames[0]}–${s.frames[1]}`));
    // after a foul the incoming player chooses (play on, put the offender in again, replace): "to choose"
    const status = el("p", { class: "status", id: "scorer-status" }, over ? t("match.over") : s.frame_over ? t("end.frame", { n: s.frame, name: this.name(s.frame_winner) })
      : t(choosing ? "match.to_choose" : "match.to_play", { name: this.name(s.striker) }));
    // the read-only link to give to whoever follows the score
    const share = el("p", { class: "muted small" }, el("a", { id: "scorer-share", href: this.m.share_path }, t("online.watch_link")));
    const error = el("p", { class: "error", id: "scorer-error", role: "alert" }, this.error);
    const writing = this.m.owner ? [pad, tail, el("details", {}, el("summary", {}, t("scorer.words")), wordsForm), share]
      : [el("p", { class: "muted", id: "scorer-read-only" }, t("online.watching"))];
    this.root.replaceChildren(el("div", { class: "scorer", "data-game": "snooker" }, head, scores, status, info, calls, error, ...writing, statsPanel(`/scorer/${this.m.id}`, "snooker")));
  }
  say(c) {
    const p = { ...c.params };
    if ("side" in p) p.side = p.side === null ? "—" : this.name(p.side);
    if ("seat" in p) p.seat = this.name(p.seat);
    return t(c.key, p);
  }
}

// #/scorer -> the new-match form; #/scorer/<id> -> the scorer's pad.
export async function openScorer(root, id) {
  if (!id) { await renderNew(root); return null; }
  const m = await api("GET", `/scorer/${id}`, undefined, owner(id));
  return m.summary.game && m.summary.game !== "snooker" ? new KeptScreen(root, m) : new ScorerScreen(root, m);
}
