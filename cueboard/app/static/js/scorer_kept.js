// The scorer's screen for a game kept entry by entry (a round, a stroke: cueboard/app/scorer_games.py):
// the sides with their scores, the status, the referee's calls of the last entry, the pad, Undo,
// the share link and the statistics. Each entry is refereed on the server by the game's keeper.
// What the screen shows of one game comes from its scorer part (/games/<game>/scorer.js), `part`:
//   colours           each side's colour (a swatch by the name), or none
//   side(screen, n)   side n's name (a player, or partners)
//   scoreLine(screen, side)   a line under a side's score, or ""
//   status(screen)    the status while the match is on
//   calls(screen, last)       the texts of the last entry's calls
//   info(screen)      the rows under the status (round, strokes...)
//   pad(screen)       the pad's elements; `reset(screen)` clears its state after an entry
//   tables(screen)    tables under the pad (crokinole's rounds), optional
import { api } from "./api.js";
import { shotCalls } from "./calls.js";
import { setGame, t } from "./i18n.js";
import { el } from "./dom.js";
import { owner, seatName, swatch } from "./scorer_common.js";
import { statsPanel } from "./stats.js";

export class KeptScreen {
  constructor(root, match, part) {
    this.root = root; this.m = match; this.part = part; this.game = match.summary.game; this.busy = false; this.error = "";
    part.reset(this);
    setGame(this.game);
    this.build();
  }
  destroy() { setGame(null); this.root.replaceChildren(); }
  seat(n) { return seatName(this.m.header.players, n); }
  side(n) { return this.part.side ? this.part.side(this, n) : this.m.summary.sides?.[n] ?? String(n + 1); }
  // a side of two players (doubles: four seats on two sides) takes the plural verb, the "_pair" texts
  isPair() { return (this.m.header.players?.length ?? 0) > 2; }

  async send(path, body) {
    if (this.busy) return;
    this.busy = true; this.error = ""; this.build();
    try {
      this.m = await api("POST", `/scorer/${this.m.id}/${path}`, body, owner(this.m.id));
      this.part.reset(this);
    } catch (err) { this.error = t(err.key, err.params); }
    this.busy = false; this.build();
  }

  scores() {
    const s = this.m.summary;
    const box = el("div", { class: "scorer-scores", id: "scorer-scores", "aria-live": "polite" });
    for (const side of [0, 1]) {
      const striker = !s.match_over && s.striker_side === side;
      box.append(el("div", { class: `scorer-side${striker ? " striker" : ""}`, "data-side": side, title: this.side(side), "aria-label": `${this.side(side)}: ${s.scores[side]}` },
        el("div", { class: "name" }, swatch(this.part.colours, side), `${striker ? "▶ " : ""}${this.side(side)}`),
        el("div", { class: "points", id: `scorer-score${side}` }, String(s.scores[side])),
        this.part.scoreLine ? this.part.scoreLine(this, side) : ""));
    }
    return box;
  }

  status() {
    const s = this.m.summary;
    if (s.match_over) return s.match_winner === null || s.match_winner === undefined ? t("match.draw") : t("match.winner", { name: this.side(s.match_winner), pair: this.isPair() });
    return this.part.status ? this.part.status(this) : t("match.to_play", { name: this.seat(s.striker) });
  }

  calls() {
    const box = el("div", { class: "calls", id: "scorer-calls", role: "log", "aria-live": "polite" });
    const last = this.m.recent[this.m.recent.length - 1];
    if (!last) return box;
    const texts = this.part.calls ? this.part.calls(this, last)
      : shotCalls(this.game, last, { seat: (n) => this.seat(n), side: (n) => this.side(n), pair: () => this.isPair(), say: (c) => this.say(c) }, this.m.summary.striker);
    for (const text of texts) box.append(el("p", {}, text));
    return box;
  }
  say(c) {
    const p = { ...c.params };
    if ("side" in p) { if (p.side !== null) p.pair = this.isPair(); p.side = p.side === null ? "—" : this.side(p.side); }
    if ("seat" in p) p.seat = this.seat(p.seat);
    return t(c.key, p);
  }

  build() {
    const s = this.m.summary;
    const head = el("div", { class: "row top" }, el("a", { href: "#/scorer" }, t("scorer.title")), el("a", { href: "#/" }, t("match.back")),
      el("span", { class: "muted" }, t(`game.${this.game}`)));
    const info = el("div", { class: "scorer-info" }, ...(this.part.info ? this.part.info(this) : []));
    const pad = el("div", { class: "scorer-pad" }, ...this.part.pad(this));
    if (this.busy || s.match_over) for (const b of pad.querySelectorAll("button")) b.disabled = true;
    const undo = el("button", { class: "big", id: "scorer-undo", onclick: () => this.send("undo") }, t("scorer.undo"));
    undo.disabled = this.busy || !this.m.can_undo;
    const share = el("p", { class: "muted small" }, el("a", { id: "scorer-share", href: this.m.share_path }, t("online.watch_link")));
    const error = el("p", { class: "error", id: "scorer-error", role: "alert" }, this.error);
    const writing = this.m.owner ? [pad, el("div", { class: "scorer-row" }, undo), share]
      : [el("p", { class: "muted", id: "scorer-read-only" }, t("online.watching"))];
    this.root.replaceChildren(el("div", { class: "scorer", "data-game": this.game }, head, this.scores(),
      el("p", { class: "status", id: "scorer-status" }, this.status()), info, this.calls(), error, ...writing,
      ...(this.part.tables ? this.part.tables(this) : []), statsPanel(`/scorer/${this.m.id}`, this.game)));
  }
}

// A line of words for the keeper (`cueboard score <game>`'s words), in a folded part of the pad.
export function wordsForm(screen, label) {
  const words = el("input", { type: "text", id: "scorer-line", autocomplete: "off", "aria-label": label });
  const form = el("form", { class: "row", onsubmit: (e) => { e.preventDefault(); if (words.value.trim()) screen.send("entries", { line: words.value.trim() }); } },
    el("label", { for: "scorer-line" }, label), words, el("button", { type: "submit" }, t("scorer.send")));
  return el("details", {}, el("summary", {}, t("scorer.words")), form);
}
