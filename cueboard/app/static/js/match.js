// The match screen: the table with the cue and the aiming guide, fine aim and power (input.js),
// placement, the referee's calls (calls.js) and choices, scoreboards, AI turns, hot-seat play,
// end screens (summary.js) and replays with pause, speed and the scoreboard as it stood. What is
// the game's own — its table, pieces, cue, strike and extra controls — comes from its page module
// (`page`: /games/<game>/table.js, gamepage.js); what it supports (a concession...) from its
// capabilities (/api/games).
import { api } from "./api.js";
import { animate } from "./anim.js";
import { View, drawBoard, drawCue, drawPiece, drawPieces } from "./draw.js";
import { has, sentence, setGame, t } from "./i18n.js";
import { el } from "./dom.js";
import { drawGuide, drawMagnifier, guide } from "./aim.js";
import { sayCall, seatOfDisc, shotCalls } from "./calls.js";
import { installInput } from "./input.js";
import { fineStrip, isTouchScreen, showStrip } from "./finestrip.js";
import { drawShotmap } from "./shotmap.js";
import { LiveTable } from "./online.js";
import { endDialog, statistics, summaryRows } from "./summary.js";

const REPLAY_SPEEDS = [0.25, 0.5, 1, 2, 4];

// A side's colour, as a disc beside its name (its colour set through the CSSOM: the page's CSP
// refuses inline style attributes).
function swatch(colour, side) {
  const s = el("span", { class: "swatch", "data-side": side, "aria-hidden": "true" });
  s.style.background = colour;
  return s;
}

export class MatchScreen {
  // `page`: the game's table module; `capabilities`: what the game supports (/api/games).
  constructor(root, spec, match, leave, rematch, access, page, capabilities = []) {
    this.root = root; this.spec = spec; this.m = match; this.leave = leave; this.rematch = rematch;
    this.page = page; this.capabilities = new Set(capabilities);
    this.online = new LiveTable(this, access);  // the seats this browser holds; the live table
    this.ui = {
      placed: null, angle: 90, fine: 0, fixed: false, aimed: false, power: 0.5, side: 0, top: 0, nominate: "", freeBall: "",
      busy: false, said: { plain: [] }, cursor: null, drag: null, live: null, control: { speed: 1, paused: false, replay: false },
      letters: localStorage.getItem("cueboard.letters") === "1", end: null, stepScore: null, elevation: 0,
    };
    // the power starts at the module's sensible first shot
    const { min, max, start } = page.speeds;
    this.ui.power = (start - min) / (max - min);
    if (match.state?.last) this.ui.said = { plain: match.state.last.announcements };
    if (match.status !== "playing") this.ui.end = { kind: "match" };
    window.cueboard = this;
    setGame(match.game);
    this.build();
    this.lastCalls();
    this.maybeAI();
  }

  // The calls of the last move, read from the stored shot: after a reload or a reconnection they
  // read as they did live (the player and the balls named), not as the bare calls.
  async lastCalls() {
    const n = this.m.shots;
    if (!n) return;
    let shot;
    try { shot = await api("GET", `/matches/${this.m.id}/shots/${n - 1}`); } catch { return; }
    if (this.m.shots !== n || this.ui.busy || window.cueboard !== this) return;
    this.ui.said = { shot, next: this.m.status === "playing" ? this.turn.seat : null };
    this.renderCalls();
  }

  get game() { return this.m.game; }
  get turn() { return this.m.turn; }
  get pieces() { return this.m.position.pieces; }
  players() { return this.m.header.players; }
  // A player's name; a default "Player n" (older matches stored it in English) in the page's language.
  nameOfSeat(seat) {
    const p = this.players().find((q) => q.seat === seat);
    const n = this.players().indexOf(p) + 1;
    if (!p) return t("match.seat", { n: seat + 1 });
    // an AI seat left unnamed is named by its level: "Computer — club"
    if (p.kind === "ai" && (!p.name || /^Player \d+$/.test(p.name) || p.name === t("lobby.player_n", { n }))) return t("ai.named", { level: t(`level.${p.level}`) });
    if (!p.name || /^Player \d+$/.test(p.name)) return t("lobby.player_n", { n: p.name ? p.name.slice(7) : n });
    return p.name;
  }
  nameOfSide(side) {
    const sb = this.m.scoreboard.sides[side];
    if (!sb) return "";
    const names = sb.seats.map((s) => this.nameOfSeat(s));
    return names.length > 1 ? t("match.and", { a: names[0], b: names[1] }) : names[0];
  }
  // Whether side `side` is two players (doubles): its texts then take their "_pair" form (i18n.js).
  isPair(side) { return (this.m.scoreboard.sides[side]?.seats.length ?? 0) > 1; }
  sideOfSeat(seat) { return this.m.scoreboard.sides.findIndex((s) => s.seats.includes(seat)); }
  names() { return { seat: (s) => this.nameOfSeat(s), side: (s) => this.nameOfSide(s), pair: (s) => this.isPair(s), say: (c) => this.say(c) }; }
  say(msg) {
    // the end of a drawn game (a tournament crokinole game tied on rounds) is a draw, not "— wins"
    if (msg.key === "ref.match_over" && (msg.params?.side === null || msg.params?.side === undefined)) return t("ref.draw");
    return sayCall(this.game, msg, this.names());
  }
  // The texts of a shot's calls, the player and the piece named (calls.js).
  callsOf(shot, next = null) { return shotCalls(this.game, shot, this.names(), next); }
  myTurn() {
    return this.m.status === "playing" && !this.ui.busy && this.turn.player?.kind !== "ai" && !this.ui.end && this.online.holds(this.turn.seat) && !this.online.awaiting();
  }
  canShoot() {
    return this.myTurn() && this.turn.action === "strike" && !(this.turn.placement && !this.ui.placed) && this.ui.aimed;
  }

  build() {
    setGame(this.game);
    this.canvas = el("canvas", { class: "table", id: "table", tabindex: 0, role: "application",
      "aria-label": `${t(has(`match.table_label.${this.game}`) ? `match.table_label.${this.game}` : "match.table_label.generic")}. ${t("match.table")}`, "aria-describedby": "hint" });
    this.status = el("p", { class: "status", id: "status", "aria-live": "polite" });
    // the status's whole text on hover (a long name may be cut on a narrow screen)
    new MutationObserver(() => { this.status.title = this.status.textContent; }).observe(this.status, { childList: true, characterData: true, subtree: true });
    // (focusable: the calls scroll in a box of bounded height, so a keyboard can scroll them too)
    this.calls = el("div", { class: "calls", id: "calls", "aria-live": "polite", role: "log", tabindex: 0 });
    this.error = el("p", { class: "error", id: "error", role: "alert" });
    this.scores = el("div", { class: "scores card", id: "scores", role: "region", "aria-label": t("score.score") });
    this.controls = el("div", { class: "card controls", id: "controls" });
    this.replay = el("div", { class: "card", id: "replay" });
    this.endBox = el("div", { id: "end-box" });
    this.stripBox = el("div", { id: "strip-box" });  // the touch screen's fine-adjust strip, under the table
    const back = el("button", { id: "back", onclick: () => this.leave() }, t("match.back"));
    // a finished match looked at or replayed: back to its end screen, with its Rematch
    this.replayClose = el("button", { id: "replay-close", class: "primary", onclick: () => this.closeReplay() }, t("match.replay_close"));
    this.root.replaceChildren(el("div", { class: `layout game-${this.game}${isTouchScreen() ? " touch" : ""}` },
      el("div", { class: "board" }, el("div", { class: "row top" }, back, this.replayClose, this.status), el("div", { class: "canvas-wrap" }, this.canvas, this.endBox), this.stripBox, this.error),
      el("div", { class: "side" }, this.controls, this.scores, el("div", { class: "card" }, el("h2", {}, t("match.referee")), this.calls), this.replay)));
    this.online.mount(this.root.querySelector(".side"));
    this.view = new View(this.page, this.spec, this.canvas);
    this.view.letters = this.ui.letters;
    this.ctx = this.canvas.getContext("2d");
    installInput(this);
    if (this.onResize) window.removeEventListener("resize", this.onResize);
    this.onResize = () => { this.view.resize(); this.drawAim(); };
    window.addEventListener("resize", this.onResize);
    this.refresh();
    this.setBusy(this.ui.busy);
  }

  destroy() { window.removeEventListener("resize", this.onResize); window.cueboard = null; setGame(null); this.online.close(); }

  // --- rendering -----------------------------------------------------------------------------
  refresh() {
    this.renderStatus(); this.renderScores(); this.renderCalls(); this.renderControls(); this.renderReplay(); this.renderEnd(); this.drawAim();
    this.showReplayClose();
    this.online.render();  // (what the seats may do now: abort before the first stroke...)
  }

  cuePiece() {
    const id = this.turn.cue;
    // a piece not yet on the table (a disc in hand): the seat's, in its side's colour
    return this.pieces.find((p) => p.id === id) || { id, kind: "disc", owner: this.turn.seat };
  }

  cuePosition() {
    if (this.turn.placement) return this.ui.placed;
    const p = this.cuePiece();
    // (a piece not on the table yet, nothing placed by hand: where the page module says it starts)
    return p && p.state === "on_table" ? [p.x, p.y] : (this.page.startOf?.(this.spec, p) ?? null);
  }

  draw() {
    this.view.sideOf = Object.fromEntries(this.m.scoreboard.sides.flatMap((sd, i) => sd.seats.map((seat) => [seat, i])));
    this.view.letters = this.ui.letters;
    if (this.ui.shown) { drawBoard(this.ctx, this.view, null); drawShotmap(this); drawPieces(this.ctx, this.view, this.ui.shown); return; }
    const seat = this.m.status === "playing" ? this.turn.seat : null;
    drawBoard(this.ctx, this.view, seat);
    drawShotmap(this);
    const placing = this.turn.placement && this.m.status === "playing";
    const shown = placing ? this.pieces.filter((p) => p.id !== this.turn.cue) : this.pieces;
    drawPieces(this.ctx, this.view, shown);
    if (!placing || this.turn.action !== "strike") return;
    const cue = this.cuePiece();
    if (this.ui.placed) drawPiece(this.ctx, this.view, cue, this.ui.placed[0], this.ui.placed[1]);
    else if (this.ui.cursor && this.myTurn()) {
      drawPiece(this.ctx, this.view, cue, this.ui.cursor[0], this.ui.cursor[1], 0.55);
      const bad = this.ui.live && !this.ui.live.legal;
      const [px, py] = this.view.toScreen(this.ui.cursor[0], this.ui.cursor[1]);
      this.ctx.beginPath(); this.ctx.arc(px, py, this.view.radiusOf(cue) * this.view.scale + 3, 0, 2 * Math.PI);
      this.ctx.strokeStyle = bad ? "#ff5a5a" : "#7ee08a"; this.ctx.lineWidth = 2; this.ctx.stroke();
    }
  }

  // The first piece the aim line meets, and the warning when hitting it first is a foul (the page
  // module's aimWarning: snooker's ball on, crokinole's valid shot, novuss's penalty disc).
  firstContact(at) {
    const others = this.pieces.filter((p) => p.id !== this.turn.cue && p.state === "on_table");
    const g = guide(this.view, others, at, this.view.radiusOf(this.cuePiece()), this.ui.angle);
    return { g, warn: this.page.aimWarning(this, g.hit, others) };
  }

  drawAim() {
    this.draw();
    const at = this.cuePosition();
    const info = this.root.querySelector("#aim-info");
    if (!at || this.turn.action !== "strike" || !this.myTurn() || this.ui.shown) { if (info) info.textContent = ""; return; }
    const r = this.view.radiusOf(this.cuePiece());
    const { g, warn } = this.firstContact(at);
    drawGuide(this.ctx, this.view, at, g, r, !!warn);
    if (g.hit) drawMagnifier(this.ctx, this.view, g, [at, ...this.pieces.filter((p) => p.state === "on_table").map((p) => [p.x, p.y])]);
    // the cue drawn back with the power (a shorter draw than the drag, so that it stays on the canvas)
    drawCue(this.ctx, this.view, at, this.ui.angle, r, this.ui.power * this.page.cue.draw, this.ui.elevation);
    if (info) {
      const hit = g.hit ? this.page.pieceName(g.hit, this) : null;
      info.textContent = warn || (hit ? t("match.first_hit", { ball: hit }) : "");
      info.classList.toggle("warn", !!warn);
    }
  }

  renderStatus() {
    const s = this.status;
    s.classList.remove("thinking");
    if (this.m.status !== "playing") {
      const w = this.m.state?.winner;
      s.textContent = `${t("match.over")} ${w === null || w === undefined ? t("match.draw") : t("match.winner", { name: this.nameOfSide(w), pair: this.isPair(w) })}`;
      return;
    }
    if (this.online.awaiting()) { s.textContent = t("room.status"); return; }
    const name = this.nameOfSeat(this.turn.seat);
    if (this.turn.player?.kind === "ai" && this.ui.thinking) { s.textContent = t("match.thinking", { name }); s.classList.add("thinking"); }
    else if (this.ui.busy && this.ui.pending) s.textContent = t("match.busy");
    else s.textContent = t(this.turn.action === "choose" ? "match.to_choose" : "match.to_play", { name });
  }

  renderScores() {
    const sb = this.ui.stepScore?.scoreboard || this.m.scoreboard;
    const table = el("table");
    if (this.ui.stepScore) table.append(el("caption", { id: "score-at" }, t("match.score_at", { n: this.ui.stepScore.n })));
    const head = el("tr", {}, el("th", {}, ""));
    // each side's name with its pieces' colour (the page module's sideColours: crokinole's light
    // and dark discs, novuss's white and black; none where the players share the balls)
    const colours = this.page.sideColours();
    for (let i = 0; i < sb.sides.length; i++) {
      const th = el("th", { scope: "col", class: "name", title: this.nameOfSide(i) });
      if (colours?.[i]) th.append(swatch(colours[i], i));
      th.append(this.nameOfSide(i));
      head.append(th);
    }
    table.append(head);
    const row = (label, values) => { const tr = el("tr", {}, el("th", { scope: "row" }, label)); for (const v of values) tr.append(el("td", {}, String(v))); return tr; };
    table.append(row(t(sb.score_key || "score.score"), sb.sides.map((s) => s.score)));
    const extras = sb.sides[0].extra.map((e) => e.key);
    extras.forEach((key, i) => table.append(row(t(key), sb.sides.map((s) => s.extra[i].value))));
    const marks = el("tr", {}, el("td", {}, ""));
    for (let i = 0; i < sb.sides.length; i++) {
      const on = i === sb.striker_side && this.m.status === "playing" && !this.ui.stepScore;
      marks.append(el("td", on ? { class: "striker-mark", "aria-label": t("match.to_play", { name: this.nameOfSide(i), pair: this.isPair(i) }) } : {}, on ? "●" : ""));
    }
    table.append(marks);
    const rows = el("div", {});
    for (const r of sb.rows) {
      const value = r.value_key ? sentence(t(r.value_key)) : r.of && r.of > 1 ? `${r.value} / ${r.of}` : String(r.value);
      rows.append(el("div", { class: "row" }, el("span", { class: "muted" }, t(r.key)), el("span", {}, value)));
    }
    this.scores.replaceChildren(table, rows);
  }

  // What the referee said last, in the page's language now (a language switch re-says it): a
  // shot's calls with the player and the ball named, led by an AI's intention; or plain calls.
  callTexts() {
    const said = this.ui.said;
    if (!said.shot) return said.plain.map((c) => sentence(this.say(c)));
    const calls = this.callsOf(said.shot, said.next);
    return said.shot.ai?.explanation ? [sentence(this.say(said.shot.ai.explanation)), ...calls] : calls;
  }

  renderCalls() {
    this.calls.replaceChildren(...this.callTexts().map((text) => el("p", {}, text)));
  }

  speed() {
    const { min, max } = this.page.speeds;
    return Math.round((min + (max - min) * this.ui.power) * 100) / 100;
  }

  // The speed and how far it sends the piece on an open table (the page module's travelText:
  // snooker in table lengths, the boards in metres).
  speedText() {
    const v = this.speed(), far = this.page.travelText(this.spec, v);
    return far ? `${t("match.speed", { speed: v.toFixed(2) })} · ${far}` : t("match.speed", { speed: v.toFixed(2) });
  }

  renderControls() {
    const c = this.controls;
    c.replaceChildren();
    this.stripBox.replaceChildren();
    if (this.ui.end || this.online.awaiting()) { c.hidden = true; return; }  // (the waiting room: nobody plays yet)
    if (this.m.status === "playing" && this.turn.player?.kind === "ai" && !this.ui.thinking && !this.ui.busy && this.online.canAskAI()) {
      // The AI's turn with no request under way (its last one failed): let the user ask again.
      c.hidden = false;
      c.append(el("button", { class: "primary", id: "ai-play", onclick: () => this.maybeAI() }, t("match.ai_play")));
      return;
    }
    if (this.m.status !== "playing" || this.turn.player?.kind === "ai" || !this.online.holds(this.turn.seat)) { c.hidden = true; return; }
    c.hidden = false;
    if (this.turn.action === "choose") {
      c.append(el("p", {}, t("match.choose")));
      const box = el("div", { class: "choices" });
      for (const ch of this.turn.choices) box.append(el("button", { class: "primary", "data-choice": ch, onclick: () => this.choose(ch) }, t(`choice.${ch}`)));
      c.append(box);
      return;
    }
    const placing = this.turn.placement && !this.ui.placed;
    const hint = placing ? `match.place_${this.turn.placement.kind}` : this.ui.fixed ? "match.aim_fixed" : "match.aim";
    const shoot = el("button", { class: "primary", id: "shoot", onclick: () => this.shoot() }, t("match.shoot"));
    shoot.disabled = !this.canShoot();
    const top = el("div", { class: "row shoot-row" }, shoot);
    if (this.turn.placement && this.ui.placed) top.append(el("button", { id: "move", onclick: () => { this.ui.placed = null; this.ui.fixed = false; this.ui.aimed = false; this.refresh(); } }, t("match.move_piece")));
    if (this.capabilities.has("concession")) top.append(this.concedeButton());
    c.append(top, el("p", { class: "muted", id: "hint" }, t(hint)));
    if (isTouchScreen() && !placing) this.stripBox.append(fineStrip(this));  // a finger's fine aim (finestrip.js)
    // Aim: the readout and the fine-aim slider (± 5°, one step the page module's aimStep) around the pointer's aim.
    const step = this.page.aimStep;
    const fine = el("input", { type: "range", id: "fine", min: -5, max: 5, step, value: this.ui.fine, "aria-label": t("match.fine_aim") });
    fine.addEventListener("input", () => { this.setAngle(this.ui.angle - this.ui.fine + parseFloat(fine.value), false); this.ui.fine = parseFloat(fine.value); });
    c.append(el("div", { class: "row" }, el("label", { for: "fine" }, t("match.fine_aim")), el("output", { id: "angle-readout", for: "fine" }, this.angleText())), fine,
      el("p", { class: "muted small" }, t("match.fine_hint", { step })));
    const power = el("input", { type: "range", id: "power", min: 0, max: 100, value: Math.round(this.ui.power * 100) });
    power.addEventListener("input", () => { this.setPower(power.value / 100); });
    c.append(el("div", { class: "row" }, el("label", { for: "power" }, t("match.power")), el("output", { id: "speed-readout", for: "power" }, this.speedText())), power,
      el("p", { class: "muted small" }, t("match.drag_power", { piece: t(has(`piece.${this.game}`) ? `piece.${this.game}` : "piece.generic") })));
    c.append(el("p", { id: "aim-info", class: "aim-info", "aria-live": "polite" }));
    c.append(...(this.page.controls?.(this) ?? []));  // the game's own: snooker's spin, elevation, nomination
  }

  // Concede (snooker: the frame, S4 R6; crokinole: the game), asking first in place.
  concedeButton() {
    const b = el("button", { id: "concede" }, t("match.concede"));
    b.addEventListener("click", () => {
      const ask = el("span", { class: "confirm", role: "group", "aria-label": t("match.concede_confirm") }, el("span", {}, t("match.concede_confirm")));
      const yes = el("button", { class: "danger", id: "concede-yes", onclick: () => this.concede() }, t("match.concede_yes"));
      const no = el("button", { id: "concede-no", onclick: () => { ask.replaceWith(b); b.focus(); } }, t("match.concede_no"));
      ask.append(yes, no);
      b.replaceWith(ask);
      no.focus();
    });
    return b;
  }

  async concede() {
    if (!this.myTurn()) return;
    this.error.textContent = "";
    this.setBusy(true, true);
    try { await this.playResult(await api("POST", `/matches/${this.m.id}/concede`)); }
    catch (err) { this.error.textContent = t(err.key, err.params); }
    finally { this.setBusy(false); }
    this.maybeAI();
  }

  angleText() { return t("match.angle", { angle: (((this.ui.angle % 360) + 360) % 360).toFixed(2) }); }

  // Aim at `deg`; `coarse` (the pointer) resets the fine offset.
  setAngle(deg, coarse) {
    this.ui.angle = Math.round(deg * 1000) / 1000;
    this.ui.aimed = true;
    if (coarse) { this.ui.fine = 0; const f = this.root.querySelector("#fine"); if (f) f.value = 0; }
    const out = this.root.querySelector("#angle-readout");
    if (out) out.textContent = this.angleText();
    showStrip(this);
    const shoot = this.root.querySelector("#shoot");
    if (shoot) shoot.disabled = !this.canShoot();
    this.drawAim();
  }

  nudgeAngle(steps) { this.setAngle(this.ui.angle + steps * this.page.aimStep, false); }

  setPower(p) {
    this.ui.power = p;
    const r = this.root.querySelector("#power"); if (r) r.value = Math.round(p * 100);
    const out = this.root.querySelector("#speed-readout"); if (out) out.textContent = this.speedText();
    this.drawAim();
  }

  selector(field, label, none, options, name) {
    const sel = el("select", { id: field }, el("option", { value: "" }, sentence(t(none))));
    for (const o of options) sel.append(el("option", { value: o }, name(o)));
    sel.value = this.ui[field];
    sel.addEventListener("change", () => { this.ui[field] = sel.value; this.drawAim(); });
    return el("div", { class: "row" }, el("label", { for: field }, t(label)), sel);
  }

  // --- end screens -----------------------------------------------------------------------------
  async renderEnd() {
    const end = this.ui.end;
    if (!end) { this.endBox.replaceChildren(); return; }
    const sideNames = this.m.scoreboard.sides.map((_, i) => this.nameOfSide(i));
    if (end.kind === "round") {
      const rr = end.round;
      const rows = [[t("end.on_board"), (i) => rr.totals[i]], [t("end.round_points"), (i) => rr.points[i]]];
      this.endBox.replaceChildren(endDialog(t("end.round", { n: rr.round }), sideNames, rows,
        [{ id: "end-continue", label: t("end.continue"), primary: true, onclick: () => this.closeEnd() }]));
      this.endBox.querySelector("#end-continue").focus();
      return;
    }
    const shots = await api("GET", `/matches/${this.m.id}/shots${end.kind === "frame" ? `?frame=${end.frame}` : ""}`);
    if (this.ui.end !== end) return;
    const stats = await statistics(this.game, shots, (s) => this.sideOfSeat(s));
    const sb = end.scoreboard || this.m.scoreboard;
    let title;
    const w = end.kind === "frame" ? end.winner : this.m.state?.winner;
    if (w === null || w === undefined) title = t("end.draw");
    else if (end.kind === "frame") title = t("end.frame", { n: end.number, name: this.nameOfSide(w), pair: this.isPair(w) });
    else title = t(this.page.endTitle ?? "end.game", { name: this.nameOfSide(w), pair: this.isPair(w) });
    // Rematch: offered to the other players of an online match (offers.js; the hot-seat browser,
    // holding every seat, accepts for all at once); a spectator follows the players to theirs.
    // (a match of the AI alone, watched: Rematch starts this browser's own new one between them)
    const aiOnly = !this.players().some((p) => p.kind !== "ai");
    const offered = this.online.table && !(aiOnly && this.online.watching());
    const rematch = offered ? () => this.online.offerRematch() : () => this.rematch(this.m);
    const canRematch = !this.online.watching() || aiOnly;
    const buttons = end.kind === "frame"
      ? [{ id: "end-continue", label: t("end.continue"), primary: true, onclick: () => this.closeEnd() }]
      : [...(canRematch ? [{ id: "rematch", label: t("end.rematch"), primary: true, onclick: rematch }] : []),
        { id: "end-close", label: t("end.close"), onclick: () => this.closeEnd() }];
    const dialog = endDialog(title, sideNames, await summaryRows(this.game, stats, sb), buttons);
    if (end.kind === "match" && this.online.offerEl) dialog.append(this.online.offerEl);
    this.endBox.replaceChildren(dialog);
    if (offered) this.online.showRematchButton();  // (the offer's own buttons while one is pending)
  }

  // "Close the replay" shows while a finished match's end screen is put aside (closed, or hidden by a replay).
  showReplayClose() { this.replayClose.hidden = this.m.status === "playing" || !!this.ui.end; }

  // The end screen of a finished match back (its Rematch with it), the live table and score again.
  closeReplay() {
    if (this.ui.busy) return;
    this.ui.shown = null; this.ui.stepScore = null; this.ui.stepped = undefined;
    this.ui.said = { plain: this.m.state?.last?.announcements || [] };
    this.ui.end = { kind: "match" };
    this.refresh();
  }

  // A replay on a finished match puts its end screen aside, so that the table shows.
  putEndAside() {
    if (this.ui.end?.kind !== "match") return;
    this.ui.end = null;
    this.renderEnd(); this.showReplayClose();
  }

  closeEnd() {
    this.ui.end = null; this.ui.shown = null;
    this.refresh();
    this.online.render();  // (the rematch offer back in the table's card)
    this.canvas.focus();
    this.maybeAI();
  }

  renderReplay() {
    const r = this.replay;
    r.replaceChildren(el("p", { class: "muted", id: "shotcount" }, t("match.shots", { n: this.m.shots })));
    const last = el("button", { id: "replay-last", onclick: () => this.replayLast() }, t("match.replay_last"));
    const frame = el("button", { id: "replay-frame", onclick: () => this.replayFrame() }, t("match.replay_frame"));
    last.disabled = frame.disabled = !this.m.shots;
    r.append(el("div", { class: "row" }, last, frame));
    // Pause and speed act on any shot being replayed (and on the live animation).
    const ctl = this.ui.control;
    const pause = el("button", { id: "pause", "aria-pressed": String(ctl.paused), onclick: () => { ctl.paused = !ctl.paused; pause.textContent = t(ctl.paused ? "match.resume" : "match.pause"); pause.setAttribute("aria-pressed", String(ctl.paused)); } }, t(ctl.paused ? "match.resume" : "match.pause"));
    const speed = el("select", { id: "replay-speed" });
    for (const v of REPLAY_SPEEDS) speed.append(el("option", { value: v }, `${v === 0.25 ? "¼" : v === 0.5 ? "½" : v}×`));
    speed.value = String(ctl.speed);
    speed.addEventListener("change", () => { ctl.speed = parseFloat(speed.value); });
    r.append(el("div", { class: "row" }, el("label", { for: "replay-speed" }, t("match.speed_label")), speed, pause));
    if (!this.m.shots) return;
    // The step-through list of the frame's shots: open by itself on a finished match.
    const box = el("details", { id: "shotlist-box" }, el("summary", {}, t("match.shot_list")));
    box.open = this.m.status !== "playing" || !!this.ui.listOpen;
    const body = el("div", {});
    box.append(body);
    box.addEventListener("toggle", () => { this.ui.listOpen = box.open; if (box.open) this.loadShotList(body); });
    r.append(box);
    r.append(...(this.page.panels?.(this) ?? []));  // the game's own: snooker's shot map
    if (box.open) this.loadShotList(body);
  }

  async loadShotList(body) {
    const all = await api("GET", `/matches/${this.m.id}/shots`);
    if (!all.length) return;
    const frames = [...new Set(all.map((s) => s.frame))];
    const current = this.m.state?.frame ?? 0;
    if (this.ui.listFrame === undefined || !frames.includes(this.ui.listFrame)) {
      this.ui.listFrame = frames.includes(current) ? current : frames[frames.length - 1];
    }
    const list = all.filter((s) => s.frame === this.ui.listFrame);
    this.ui.list = list.map((s) => s.number);
    const parts = [];
    if (frames.length > 1) {
      const sel = el("select", { id: "shotlist-frame", "aria-label": t("match.shot_list") });
      // Frames (snooker frames, crokinole rounds...) numbered in order of play, whatever the game's base.
      frames.forEach((f, i) => sel.append(el("option", { value: f }, t("match.frame_n", { n: i + 1 }))));
      sel.value = String(this.ui.listFrame);
      sel.addEventListener("change", () => { this.ui.listFrame = parseInt(sel.value, 10); this.loadShotList(body); });
      parts.push(el("div", { class: "row" }, sel));
    }
    const ol = el("ol", { class: "shotlist", id: "shotlist" });
    list.forEach((s, i) => {
      const calls = this.callsOf(s, list[i + 1]?.seat ?? null);
      if (s.kind === "choice" && s.declaration?.choice && !calls.length) calls.unshift(t(`choice.${s.declaration.choice}`));
      const li = el("li", { "data-shot": s.number },
        el("button", { class: "link", onclick: () => this.stepTo(s.number) }, t("match.shot_by", { n: s.number + 1, name: this.nameOfSeat(s.seat) })),
        el("span", { class: "muted ruling" }, calls.length ? calls.join(" ") : t("match.no_call")));
      if (s.number === this.ui.stepped) li.classList.add("current");
      ol.append(li);
    });
    const prev = el("button", { id: "step-prev", onclick: () => this.step(-1) }, t("match.step_prev"));
    const next = el("button", { id: "step-next", onclick: () => this.step(1) }, t("match.step_next"));
    parts.push(ol, el("div", { class: "row" }, prev, next));
    body.replaceChildren(...parts);
  }

  step(delta) {
    const list = this.ui.list || [];
    if (!list.length) return;
    const i = list.indexOf(this.ui.stepped);
    const j = i < 0 ? (delta > 0 ? 0 : list.length - 1) : Math.min(list.length - 1, Math.max(0, i + delta));
    this.stepTo(list[j]);
  }

  // Replay one shot of the list and leave the table and the scoreboard as that shot left them.
  async stepTo(number) {
    if (this.ui.busy) return;
    this.setBusy(true);
    this.ui.stepped = number;
    for (const li of this.root.querySelectorAll("#shotlist li")) li.classList.toggle("current", Number(li.dataset.shot) === number);
    try {
      const s = await this.replayShot(number);
      this.ui.shown = s.position_after.pieces;  // the table as this shot left it, until play resumes
      this.ui.stepScore = { n: number + 1, scoreboard: s.scoreboard_after };
      this.renderScores();
      this.draw();
    } catch (err) { this.error.textContent = t(err.key, err.params); }
    finally { this.setBusy(false); }
  }

  // Back from a replayed shot to play: the live table and scoreboard again.
  leaveReplay() {
    if (!this.ui.shown && !this.ui.stepScore) return;
    if (this.ui.end) return;
    this.ui.shown = null; this.ui.stepScore = null;
    this.renderStatus(); this.renderScores();
  }

  // The live check of a place being chosen: one request at a time, the latest place wins.
  async checkLive(w) {
    this.ui.liveWanted = w;
    if (this.ui.liveBusy) return;
    this.ui.liveBusy = true;
    try {
      while (this.ui.liveWanted) {
        const [x, y] = this.ui.liveWanted;
        this.ui.liveWanted = null;
        try {
          await api("POST", `/matches/${this.m.id}/placement`, { x, y });
          this.ui.live = { legal: true, at: [x, y] };
          if (!this.ui.placed) this.error.textContent = "";
        } catch (err) {
          this.ui.live = { legal: false, at: [x, y] };
          if (!this.ui.placed && this.turn.placement) this.error.textContent = t(err.key, err.params);
        }
        if (this.ui.placed) { this.error.textContent = ""; this.ui.live = null; }
        this.drawAim();
      }
    } finally { this.ui.liveBusy = false; }
  }

  async place(x, y) {
    if (this.ui.busy) return;
    this.setBusy(true, true);
    try {
      await api("POST", `/matches/${this.m.id}/placement`, { x, y });
      this.ui.placed = [x, y];
      this.ui.fixed = false; this.ui.aimed = false; this.ui.cursor = null;
      this.error.textContent = "";
    } catch (err) {
      this.error.textContent = t(err.key, err.params);
    } finally { this.setBusy(false); }
    this.renderControls();
    this.drawAim();
  }

  // --- actions -------------------------------------------------------------------------------
  strikeBody() {
    const speed = Math.round(this.speed() * 1000) / 1000;
    const angle = Math.round(this.ui.angle * 1000) / 1000;
    return this.page.strikeBody(this.ui, speed, angle);
  }

  async shoot(body) {
    if (!body && !this.canShoot()) return;
    if (!this.myTurn()) return;
    this.error.textContent = "";
    this.setBusy(true, true);
    try {
      const res = await api("POST", `/matches/${this.m.id}/shots`, body || this.strikeBody());
      await this.playResult(res);
    } catch (err) {
      this.error.textContent = t(err.key, err.params);
    } finally { this.setBusy(false); }
    this.maybeAI();
  }

  async choose(choice) {
    if (this.ui.busy) return;
    this.error.textContent = "";
    this.setBusy(true, true);
    try { await this.playResult(await api("POST", `/matches/${this.m.id}/choices`, { choice })); }
    catch (err) { this.error.textContent = t(err.key, err.params); }
    finally { this.setBusy(false); }
    this.maybeAI();
  }

  async playResult(res) {
    this.ui.shown = null; this.ui.stepScore = null;
    const shot = res.shot;
    const before = this.m;
    let rest = null;
    if (shot.tracks) rest = await this.animateShot(shot.position_before, res.match.position, shot.tracks);
    this.m = res.match;
    // an AI's turn leads with its intention (shot.ai.explanation), then the referee's calls
    this.ui.said = { shot, next: res.match.turn?.seat ?? null };
    this.ui.placed = null; this.ui.fixed = false; this.ui.aimed = false; this.ui.nominate = ""; this.ui.freeBall = ""; this.ui.cursor = null;
    this.ui.end = this.endAfter(before, shot, rest);
    this.refresh();
  }

  // What the shot ended, from its ruling: a round (crokinole's round_result: the board as the shot
  // left it, both counts, until Continue), a frame (snooker's frame_over: its summary), the match;
  // null when play simply goes on.
  endAfter(before, shot, rest) {
    const r = shot.ruling || {};
    if (this.m.status !== "playing") return { kind: "match" };
    if (r.round_result) {
      if (rest) this.ui.shown = this.restingPieces(shot.position_before, rest);
      return { kind: "round", round: r.round_result };
    }
    const frameBefore = before.state?.frame ?? 0;
    if (r.frame_over && (this.m.state?.frame ?? 0) !== frameBefore) {
      if (rest) this.ui.shown = this.restingPieces(shot.position_before, rest);
      const sb = JSON.parse(JSON.stringify(before.scoreboard));
      if (r.scores) sb.sides.forEach((s, i) => { s.score = r.scores[i]; });
      return { kind: "frame", frame: frameBefore, number: (before.scoreboard.rows.find((x) => x.key === "score.frame")?.value ?? 1), winner: r.frame_winner, scoreboard: sb };
    }
    return null;
  }

  restingPieces(positionBefore, rest) {
    return positionBefore.pieces.filter((p) => rest.has(p.id)).map((p) => ({ ...p, x: rest.get(p.id)[0], y: rest.get(p.id)[1], state: "on_table" }))
      .concat([...rest.keys()].filter((id) => !positionBefore.pieces.some((p) => p.id === id)).map((id) => {
        const q = this.m.position.pieces.find((p) => p.id === id) || { id, kind: "disc", owner: seatOfDisc(id) ?? this.turn.seat };
        return { ...q, x: rest.get(id)[0], y: rest.get(id)[1], state: "on_table" };
      }));
  }

  async animateShot(before, after, tracks, replay = false) {
    const start = new Map(before.pieces.filter((p) => p.state === "on_table").map((p) => [p.id, [p.x, p.y]]));
    const known = new Set(before.pieces.map((p) => p.id));
    const pieces = before.pieces.concat(after.pieces.filter((p) => !known.has(p.id)));
    const moving = new Set(tracks.tracks.map((tr) => tr.id));
    for (const tr of tracks.tracks) if (tr.segments.length) start.set(tr.id, [tr.segments[0].x, tr.segments[0].y]);
    const shown = pieces.filter((p) => start.has(p.id) || moving.has(p.id));
    this.ui.control.replay = replay;
    const rest = await animate(this.ctx, this.view, shown, start, tracks, null, 8, this.ui.control);
    this.ui.control.replay = false;
    // the rest positions, faded-out pieces (potted, removed) left out
    return new Map([...rest].filter(([, at]) => at.length < 3 || at[2] >= 1));
  }

  // Busy: a request is in flight (`pending`: one the player made). Every control is locked.
  setBusy(busy, pending = false) {
    const was = this.ui.pending;
    this.ui.busy = busy;
    this.ui.pending = busy && pending;
    document.body.dataset.busy = busy ? "1" : "";
    if (this.replayClose) this.replayClose.disabled = busy;
    this.root.querySelector(".layout")?.classList.toggle("busy", busy);
    for (const b of this.root.querySelectorAll("#controls button, #controls input, #controls select")) {
      b.disabled = busy || (b.id === "shoot" && !this.canShoot());
    }
    if (was || this.ui.pending) this.renderStatus();  // "waiting for the referee" on and off
    if (!busy) this.online.drain();  // moves pushed meanwhile by the live table
  }

  async maybeAI() {
    if (this.m.status !== "playing" || this.turn.player?.kind !== "ai" || this.ui.busy || this.ui.end || window.cueboard !== this || !this.online.canAskAI() || this.online.awaiting()) return;
    this.error.textContent = "";
    this.ui.thinking = true;
    this.setBusy(true);
    this.renderStatus(); this.renderControls();
    document.body.dataset.thinking = "1";
    let res;
    try { res = await api("POST", `/matches/${this.m.id}/ai`); }
    catch (err) {
      this.error.textContent = t(err.key, err.params);
      this.ui.thinking = false; this.setBusy(false); this.renderStatus(); this.renderControls();
      return;
    } finally { document.body.dataset.thinking = ""; }
    this.ui.thinking = false;
    if (window.cueboard !== this) return;
    this.status.classList.remove("thinking");
    this.status.textContent = t("match.to_play", { name: this.nameOfSeat(res.shot.seat) });
    try { await this.playResult(res); } finally { this.setBusy(false); }
    setTimeout(() => this.maybeAI(), 300);
  }

  async replayShot(number) {
    this.putEndAside();
    const s = await api("GET", `/matches/${this.m.id}/shots/${number}`);
    this.status.classList.remove("thinking");
    this.status.textContent = t("match.replaying", { n: number + 1 });
    this.ui.said = { shot: s, next: null }; this.renderCalls();
    if (s.tracks) await this.animateShot(s.position_before, s.position_after, s.tracks, true);
    return s;
  }

  async replayLast() {
    if (this.ui.busy || !this.m.shots) return;
    this.setBusy(true);
    this.ui.shown = null;
    try { await this.replayShot(this.m.shots - 1); } finally { this.setBusy(false); this.renderStatus(); this.draw(); }
  }

  async replayFrame() {
    if (this.ui.busy || !this.m.shots) return;
    this.setBusy(true);
    this.ui.shown = null;
    try {
      const shots = await api("GET", `/matches/${this.m.id}/shots?frame=${this.m.state.frame ?? 0}`);
      const list = shots.length ? shots : await api("GET", `/matches/${this.m.id}/shots`);
      for (const s of list) await this.replayShot(s.number);
    } finally {
      this.setBusy(false);
      this.ui.said = { plain: this.m.state?.last?.announcements || [] };
      this.refresh();
    }
  }
}
