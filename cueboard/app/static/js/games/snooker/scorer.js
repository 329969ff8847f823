// Snooker's scorer part (scorer.js; the keeper: cueboard/app/scorer_snooker.py). Each tap is one
// entry (a pot, a safety, a foul with the ball concerned, a choice after a foul, a concession)
// refereed on the server by the same referee as `cueboard score snooker`; the scoreboard and the
// referee's calls (calls.js) come back. A stroke carries its mark for the statistics (stats.js):
// a pot attempt or a safety, long or not.
import { api } from "/static/js/api.js";
import { shotCalls } from "/static/js/calls.js";
import { sentence, setGame, t } from "/static/js/i18n.js";
import { el } from "/static/js/dom.js";
import { owner, row } from "/static/js/scorer_common.js";
import { statsPanel } from "/static/js/stats.js";

const COLOURS = ["yellow", "green", "brown", "blue", "pink", "black"];
const VALUE = { red: 1, yellow: 2, green: 3, brown: 4, blue: 5, pink: 6, black: 7 };
// What a tap on a ball reports in each mode (docs/app.md#scorer-mode).
const MODES = ["pot", "safe", "foul_first", "foul_pot", "foul_touched"];

// --- the new-match form: the frames (best of N), the reds, the miss rule (WPBSA S3 R14), and a
// handicap start per player (amateur leagues: up to 70 points at the start of every frame) -------
export const defaults = { best_of: 1, reds: 15, miss: "professional", handicap: [0, 0] };

function handicapRow(settings) {
  if (!Array.isArray(settings.handicap) || settings.handicap.length !== 2) settings.handicap = [0, 0];
  const inputs = [0, 1].map((i) => {
    const input = el("input", { type: "number", id: `scorer-handicap${i}`, min: 0, max: 70, step: 1, inputmode: "numeric", value: settings.handicap[i],
      "aria-label": `${t("scorer.handicap")}: ${t("lobby.player_n", { n: i + 1 })}` });
    input.addEventListener("input", () => { settings.handicap[i] = Math.max(0, Math.min(70, parseInt(input.value, 10) || 0)); });
    return input;
  });
  return el("div", { class: "row" }, el("label", { for: "scorer-handicap0", i18n: "scorer.handicap" }), ...inputs);
}

export function formRows(settings, { select, number }) {
  return [
    el("div", { class: "row" }, el("label", { for: "scorer-best-of", i18n: "setting.best_of" }), number("scorer-best-of", "best_of", 1, 35)),
    el("div", { class: "row" }, el("label", { for: "scorer-reds", i18n: "setting.reds" }),
      select("scorer-reds", [15, 10, 6], settings.reds, String, (v) => { settings.reds = parseInt(v, 10); })),
    el("div", { class: "row" }, el("label", { for: "scorer-miss", i18n: "setting.miss" }),
      select("scorer-miss", ["professional", "amateur", "off"], settings.miss, (o) => t(`option.${o}`), (v) => { settings.miss = v; })),
    handicapRow(settings),
  ];
}

// A team fixture's frames (scorer_fixture.js): single frames with the form's reds and miss rule.
export function fixtureBody(settings) { return { reds: settings.reds, miss: settings.miss }; }

export function body(settings) {
  const out = { best_of: settings.best_of, reds: settings.reds, miss: settings.miss };
  if (settings.handicap?.some((n) => n > 0)) out.handicap = settings.handicap;
  return out;
}

// A frame whose strokes were not kept, entered as its result: both scores, starts included (the
// player behind concedes at that score on the server). Offered before any entry of the frame.
function frameResult(screen) {
  const s = screen.m.summary;
  const inputs = [0, 1].map((side) => el("input", { type: "number", id: `frame-total${side}`, min: s.handicap[side], max: 999, inputmode: "numeric",
    "aria-label": `${t("score.score")}: ${screen.name(side)}` }));
  const enter = el("button", { class: "big primary", id: "scorer-frame-enter", onclick: () => {
    screen.send("entries", { action: "result", totals: inputs.map((i) => parseInt(i.value, 10) || 0) });
  } }, t("scorer.enter_frame"));
  return el("details", { id: "scorer-frame-result" }, el("summary", {}, t("scorer.frame_result")),
    el("div", { class: "row" }, ...[0, 1].flatMap((side) => [el("label", { for: `frame-total${side}` }, screen.name(side)), inputs[side]]), enter));
}

// --- the screen ----------------------------------------------------------------------------------
class ScorerScreen {
  constructor(root, match) {
    this.root = root; this.m = match; this.mode = "pot"; this.miss = null; this.freeBall = false; this.busy = false;
    this.error = ""; this.confirming = false; this.snookered = false; this.safety = false; this.long = false;
    setGame(match.summary.game);
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
        el("div", { class: "muted small" }, `${t("score.frames")}: ${s.frames[side]} · ${t("score.highest_break")}: ${s.highest_break[side]}`
          + (s.handicap?.[side] ? ` · ${t("scorer.start_of", { n: s.handicap[side] })}` : ""))));
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
    if (last) for (const text of shotCalls(s.game, last, names, s.striker)) calls.append(el("p", {}, text));
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
    const fixture = this.m.header.fixture;  // a team fixture's frame: the way back to the fixture
    const head = el("div", { class: "row top" }, el("a", { href: "#/scorer" }, t("scorer.title")), el("a", { href: "#/" }, t("match.back")),
      ...(fixture ? [el("a", { href: `#/scorer/fixture/${fixture}`, id: "scorer-fixture-link" }, t("scorer.fixture.back"))] : []),
      el("span", { class: "muted" }, `${t(`game.${s.game}`)} · ${s.frames[0]}–${s.frames[1]}`));
    // after a foul the incoming player chooses (play on, put the offender in again, replace): "to choose"
    const status = el("p", { class: "status", id: "scorer-status" }, over ? t("match.over") : s.frame_over ? t("end.frame", { n: s.frame, name: this.name(s.frame_winner) })
      : t(choosing ? "match.to_choose" : "match.to_play", { name: this.name(s.striker) }));
    // the read-only link to give to whoever follows the score
    const share = el("p", { class: "muted small" }, el("a", { id: "scorer-share", href: this.m.share_path }, t("online.watch_link")));
    const error = el("p", { class: "error", id: "scorer-error", role: "alert" }, this.error);
    const fresh = s.frame_entries === 0 && !s.frame_over && !over;  // no entry in this frame yet
    const writing = this.m.owner ? [pad, tail, ...(fresh ? [frameResult(this)] : []), el("details", {}, el("summary", {}, t("scorer.words")), wordsForm), share]
      : [el("p", { class: "muted", id: "scorer-read-only" }, t("online.watching"))];
    this.root.replaceChildren(el("div", { class: "scorer", "data-game": s.game }, head, scores, status, info, calls, error, ...writing, statsPanel(`/scorer/${this.m.id}`, s.game)));
  }
  say(c) {
    const p = { ...c.params };
    if ("side" in p) p.side = p.side === null ? "—" : this.name(p.side);
    if ("seat" in p) p.seat = this.name(p.seat);
    return t(c.key, p);
  }
}

export function screen(root, match) { return new ScorerScreen(root, match); }
