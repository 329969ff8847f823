// The match screen: the table, aiming with a guide line, power and tip offset, placement, the
// referee's calls and choices, scoreboards, AI turns, hot-seat play and replays.
import { api } from "./api.js";
import { animate } from "./anim.js";
import { View, drawBoard, drawPiece, drawPieces } from "./draw.js";
import { t } from "./i18n.js";
import { el } from "./lobby.js";
import { guide, drawGuide } from "./aim.js";
import { LiveTable } from "./online.js";

// Speeds (m/s) the power slider spans, per game.
const SPEED = { snooker: [0.3, 8], crokinole: [0.2, 3], novuss: [0.3, 5] };

export class MatchScreen {
  constructor(root, spec, match, leave, access) {
    this.root = root; this.spec = spec; this.m = match; this.leave = leave;
    this.online = new LiveTable(this, access);  // the seats this browser holds; the live table
    this.ui = { placed: null, angle: 90, fixed: false, power: 0.5, side: 0, top: 0, nominate: "", freeBall: "", busy: false, calls: [] };
    if (match.state?.last) this.ui.calls = match.state.last.announcements;
    window.cueboard = this;
    this.build();
    this.maybeAI();
  }

  get game() { return this.m.game; }
  get turn() { return this.m.turn; }
  get pieces() { return this.m.position.pieces; }
  players() { return this.m.header.players; }
  nameOfSeat(seat) { const p = this.players().find((q) => q.seat === seat); return p ? (p.name || t("match.seat", { n: seat + 1 })) : t("match.seat", { n: seat + 1 }); }
  nameOfSide(side) {
    const sb = this.m.scoreboard.sides[side];
    if (!sb) return "";
    const names = sb.seats.map((s) => this.nameOfSeat(s));
    return names.length > 1 ? t("match.and", { a: names[0], b: names[1] }) : names[0];
  }
  say(msg) {
    const p = { ...msg.params };
    if ("side" in p) p.side = p.side === null ? "—" : this.nameOfSide(p.side);
    if ("seat" in p) p.seat = this.nameOfSeat(p.seat);
    // A crokinole disc id "s<seat>-<nn>" reads as its number and its player: "2 (Eve)".
    const disc = typeof p.disc === "string" && p.disc.match(/^s(\d)-(\d+)$/);
    if (disc) p.disc = `${parseInt(disc[2], 10)} (${this.nameOfSeat(parseInt(disc[1], 10))})`;
    return t(msg.key, p);
  }
  myTurn() {
    return this.m.status === "playing" && !this.ui.busy && this.turn.player?.kind !== "ai" && this.online.holds(this.turn.seat);
  }

  build() {
    this.canvas = el("canvas", { class: "table", id: "table" });
    this.status = el("p", { class: "status", id: "status" });
    this.calls = el("div", { class: "calls", id: "calls", "aria-live": "polite" });
    this.error = el("p", { class: "error", id: "error" });
    this.scores = el("div", { class: "scores card", id: "scores" });
    this.controls = el("div", { class: "card", id: "controls" });
    this.replay = el("div", { class: "card", id: "replay" });
    const back = el("button", { id: "back", onclick: () => this.leave() }, t("match.back"));
    this.root.replaceChildren(el("div", { class: "layout" },
      el("div", {}, el("div", { class: "row" }, back, this.status), this.canvas, this.error),
      el("div", { class: "side" }, this.scores, el("div", { class: "card" }, el("h2", {}, t("match.referee")), this.calls), this.controls, this.replay)));
    this.online.mount(this.root.querySelector(".side"));
    this.view = new View(this.game, this.spec, this.canvas);
    this.ctx = this.canvas.getContext("2d");
    this.canvas.addEventListener("pointermove", (ev) => this.onMove(ev));
    this.canvas.addEventListener("pointerup", (ev) => this.onClick(ev));
    if (this.onResize) window.removeEventListener("resize", this.onResize);
    this.onResize = () => { this.view.resize(); this.draw(); };
    window.addEventListener("resize", this.onResize);
    this.refresh();
    this.setBusy(this.ui.busy);
  }

  destroy() { window.removeEventListener("resize", this.onResize); window.cueboard = null; this.online.close(); }

  // --- rendering -----------------------------------------------------------------------------
  refresh() {
    this.renderStatus(); this.renderScores(); this.renderCalls(); this.renderControls(); this.renderReplay(); this.draw();
  }

  cuePiece() {
    const id = this.turn.cue;
    return this.pieces.find((p) => p.id === id) || { id, kind: "disc", owner: this.turn.seat, colour: this.game === "crokinole" ? (this.m.scoreboard.striker_side === 0 ? "light" : "dark") : null };
  }

  cuePosition() {
    if (this.turn.placement) return this.ui.placed;
    const p = this.cuePiece();
    return p && p.state === "on_table" ? [p.x, p.y] : null;
  }

  draw(hover) {
    this.view.sideOf = Object.fromEntries(this.m.scoreboard.sides.flatMap((sd, i) => sd.seats.map((seat) => [seat, i])));
    if (this.ui.shown) { drawBoard(this.ctx, this.view, null); drawPieces(this.ctx, this.view, this.ui.shown); return; }
    const seat = this.m.status === "playing" ? this.turn.seat : null;
    drawBoard(this.ctx, this.view, seat);
    const placing = this.turn.placement && this.m.status === "playing";
    const shown = placing ? this.pieces.filter((p) => p.id !== this.turn.cue) : this.pieces;
    drawPieces(this.ctx, this.view, shown);
    if (!placing || this.turn.action !== "strike") return;
    const cue = this.cuePiece();
    if (this.ui.placed) drawPiece(this.ctx, this.view, cue, this.ui.placed[0], this.ui.placed[1]);
    else if (hover) drawPiece(this.ctx, this.view, cue, hover[0], hover[1], 0.5);
  }

  drawAim() {
    this.draw();
    const at = this.cuePosition();
    if (!at || this.turn.action !== "strike" || !this.myTurn()) return;
    const g = guide(this.view, this.pieces.filter((p) => p.id !== this.turn.cue && p.state === "on_table"), at, this.view.radiusOf(this.cuePiece()), this.ui.angle);
    drawGuide(this.ctx, this.view, at, g, this.view.radiusOf(this.cuePiece()));
  }

  renderStatus() {
    const s = this.status;
    s.classList.remove("thinking");
    if (this.m.status !== "playing") {
      const w = this.m.state?.winner;
      s.textContent = `${t("match.over")} ${w === null || w === undefined ? t("match.draw") : t("match.winner", { name: this.nameOfSide(w) })}`;
      return;
    }
    const name = this.nameOfSeat(this.turn.seat);
    if (this.turn.player?.kind === "ai" && this.ui.thinking) { s.textContent = t("match.thinking", { name }); s.classList.add("thinking"); }
    else s.textContent = t(this.turn.action === "choose" ? "match.to_choose" : "match.to_play", { name });
  }

  renderScores() {
    const sb = this.m.scoreboard;
    const table = el("table");
    const head = el("tr", {}, el("th", {}, ""));
    for (let i = 0; i < sb.sides.length; i++) head.append(el("th", {}, this.nameOfSide(i)));
    table.append(head);
    const row = (label, values, striker) => { const tr = el("tr", {}, el("td", {}, label)); for (const v of values) tr.append(el("td", {}, String(v))); if (striker) tr.className = "striker"; return tr; };
    table.append(row(t(sb.score_key || "score.score"), sb.sides.map((s) => s.score)));
    const extras = sb.sides[0].extra.map((e) => e.key);
    extras.forEach((key, i) => table.append(row(t(key), sb.sides.map((s) => s.extra[i].value))));
    const marks = el("tr", {}, el("td", {}, ""));
    for (let i = 0; i < sb.sides.length; i++) marks.append(el("td", {}, i === sb.striker_side && this.m.status === "playing" ? "●" : ""));
    table.append(marks);
    const rows = el("div", {});
    for (const r of sb.rows) {
      const value = r.value_key ? t(r.value_key) : r.of && r.of > 1 ? `${r.value} / ${r.of}` : String(r.value);
      rows.append(el("div", { class: "row" }, el("span", { class: "muted" }, t(r.key)), el("span", {}, value)));
    }
    this.scores.replaceChildren(table, rows);
  }

  renderCalls() {
    this.calls.replaceChildren(...this.ui.calls.map((c) => el("p", {}, this.say(c))));
  }

  renderControls() {
    const c = this.controls;
    c.replaceChildren();
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
    const hint = this.turn.placement && !this.ui.placed ? `match.place_${this.turn.placement.kind}` : this.ui.fixed ? "match.aim_fixed" : "match.aim";
    c.append(el("p", { class: "muted", id: "hint" }, t(hint)));
    if (this.turn.placement && this.ui.placed) c.append(el("button", { id: "move", onclick: () => { this.ui.placed = null; this.ui.fixed = false; this.refresh(); } }, t("match.move_piece")));
    const power = el("input", { type: "range", id: "power", min: 0, max: 100, value: Math.round(this.ui.power * 100) });
    power.addEventListener("input", () => { this.ui.power = power.value / 100; });
    c.append(el("div", {}, el("label", { for: "power" }, t("match.power")), power));
    if (this.game === "snooker") {
      c.append(el("div", {}, el("label", {}, t("match.spin")), this.tipPicker()));
      if (this.turn.nominate?.length) c.append(this.selector("nominate", "match.nominate", "match.nominate_auto", this.turn.nominate, (b) => t(`ball.${b}`)));
      if (this.turn.free_ball?.length) c.append(this.selector("freeBall", "match.free_ball", "match.free_ball_none", this.turn.free_ball, (b) => b));
    }
    const shoot = el("button", { class: "primary", id: "shoot", onclick: () => this.shoot() }, t("match.shoot"));
    shoot.disabled = !!(this.turn.placement && !this.ui.placed);
    c.append(el("div", { class: "row" }, shoot));
  }

  selector(field, label, none, options, name) {
    const sel = el("select", { id: field }, el("option", { value: "" }, t(none)));
    for (const o of options) sel.append(el("option", { value: o }, name(o)));
    sel.value = this.ui[field];
    sel.addEventListener("change", () => { this.ui[field] = sel.value; });
    return el("div", { class: "row" }, el("label", {}, t(label)), sel);
  }

  tipPicker() {
    const cv = el("canvas", { class: "tip", id: "tip", width: 90, height: 90 });
    const paint = () => {
      const g = cv.getContext("2d");
      g.clearRect(0, 0, 90, 90);
      g.beginPath(); g.arc(45, 45, 40, 0, 2 * Math.PI); g.fillStyle = "#f6f3e8"; g.fill();
      g.beginPath(); g.arc(45, 45, 40 * 0.7, 0, 2 * Math.PI); g.strokeStyle = "#bbb"; g.stroke();
      g.beginPath(); g.arc(45 + this.ui.side * 40, 45 - this.ui.top * 40, 5, 0, 2 * Math.PI); g.fillStyle = "#1f4fd1"; g.fill();
    };
    cv.addEventListener("pointerdown", (ev) => {
      const r = cv.getBoundingClientRect();
      let sx = ((ev.clientX - r.left) / r.width * 90 - 45) / 40, ty = -((ev.clientY - r.top) / r.height * 90 - 45) / 40;
      const d = Math.hypot(sx, ty);
      if (d > 0.7) { sx *= 0.7 / d; ty *= 0.7 / d; }
      this.ui.side = Math.round(sx * 100) / 100; this.ui.top = Math.round(ty * 100) / 100; paint();
    });
    paint();
    const reset = el("button", { onclick: () => { this.ui.side = 0; this.ui.top = 0; paint(); } }, t("match.spin_reset"));
    return el("div", { class: "row" }, cv, reset);
  }

  renderReplay() {
    const r = this.replay;
    r.replaceChildren(el("p", { class: "muted", id: "shotcount" }, t("match.shots", { n: this.m.shots })));
    const last = el("button", { id: "replay-last", onclick: () => this.replayLast() }, t("match.replay_last"));
    const frame = el("button", { id: "replay-frame", onclick: () => this.replayFrame() }, t("match.replay_frame"));
    last.disabled = frame.disabled = !this.m.shots;
    r.append(el("div", { class: "row" }, last, frame));
    if (!this.m.shots) return;
    // The step-through list of the frame's shots: open by itself on a finished match.
    const box = el("details", { id: "shotlist-box" }, el("summary", {}, t("match.shot_list")));
    box.open = this.m.status !== "playing" || !!this.ui.listOpen;
    const body = el("div", {});
    box.append(body);
    box.addEventListener("toggle", () => { this.ui.listOpen = box.open; if (box.open) this.loadShotList(body); });
    r.append(box);
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
      const sel = el("select", { id: "shotlist-frame" });
      // Frames (snooker frames, crokinole rounds...) numbered in order of play, whatever the game's base.
      frames.forEach((f, i) => sel.append(el("option", { value: f }, t("match.frame_n", { n: i + 1 }))));
      sel.value = String(this.ui.listFrame);
      sel.addEventListener("change", () => { this.ui.listFrame = parseInt(sel.value, 10); this.loadShotList(body); });
      parts.push(el("div", { class: "row" }, sel));
    }
    const ol = el("ol", { class: "shotlist", id: "shotlist" });
    for (const s of list) {
      const calls = s.announcements.map((c) => this.say(c));
      if (s.kind === "choice" && s.declaration?.choice) calls.unshift(t(`choice.${s.declaration.choice}`));
      const li = el("li", { "data-shot": s.number },
        el("button", { class: "link", onclick: () => this.stepTo(s.number) }, t("match.shot_by", { n: s.number + 1, name: this.nameOfSeat(s.seat) })),
        el("span", { class: "muted ruling" }, calls.length ? calls.join(" ") : t("match.no_call")));
      if (s.number === this.ui.stepped) li.classList.add("current");
      ol.append(li);
    }
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

  // Replay one shot of the list and leave the table as that shot left it, its calls shown.
  async stepTo(number) {
    if (this.ui.busy) return;
    this.setBusy(true);
    this.ui.stepped = number;
    for (const li of this.root.querySelectorAll("#shotlist li")) li.classList.toggle("current", Number(li.dataset.shot) === number);
    try {
      const s = await this.replayShot(number);
      this.ui.shown = s.position_after.pieces;  // the table as this shot left it, until play resumes
      this.draw();
    } catch (err) { this.error.textContent = t(err.key, err.params); }
    finally { this.setBusy(false); }
  }

  // --- input ---------------------------------------------------------------------------------
  onMove(ev) {
    if (!this.myTurn() || this.turn.action !== "strike") return;
    if (this.ui.shown) { this.ui.shown = null; this.renderStatus(); }  // back from a replayed shot to play
    const w = this.view.eventWorld(ev);
    if (this.turn.placement && !this.ui.placed) { this.draw(w); return; }
    if (this.ui.fixed) return;
    const at = this.cuePosition();
    if (!at) return;
    this.ui.angle = Math.atan2(w[1] - at[1], w[0] - at[0]) * 180 / Math.PI;
    this.drawAim();
  }

  async onClick(ev) {
    if (!this.myTurn() || this.turn.action !== "strike") return;
    const w = this.view.eventWorld(ev);
    this.error.textContent = "";
    if (this.turn.placement && !this.ui.placed) { await this.place(w[0], w[1]); return; }
    const at = this.cuePosition();
    if (!at) return;
    this.ui.angle = Math.atan2(w[1] - at[1], w[0] - at[0]) * 180 / Math.PI;
    this.ui.fixed = true;
    this.renderControls();
    this.drawAim();
  }

  async place(x, y) {
    try {
      await api("POST", `/matches/${this.m.id}/placement`, { x, y });
      this.ui.placed = [x, y];
      this.ui.fixed = false;
      this.renderControls();
      this.drawAim();
    } catch (err) {
      this.error.textContent = t(err.key, err.params);
      this.draw();
    }
  }

  // --- actions -------------------------------------------------------------------------------
  strikeBody() {
    const [lo, hi] = SPEED[this.game];
    const speed = Math.round((lo + (hi - lo) * this.ui.power) * 1000) / 1000;
    const angle = Math.round(this.ui.angle * 1000) / 1000;
    const p = this.ui.placed;
    if (this.game === "snooker") {
      const strike = { speed, angle, side: this.ui.side, top: this.ui.top };
      if (p) strike.place_cue_ball = p;
      const declaration = {};
      if (this.ui.nominate) declaration.nominated = this.ui.nominate;
      if (this.ui.freeBall) declaration.free_ball = this.ui.freeBall;
      return { declaration, strike };
    }
    if (this.game === "crokinole") return { declaration: {}, strike: { start: p, speed, angle } };
    return { declaration: {}, strike: { x: p[0], y: p[1], speed, angle } };
  }

  async shoot(body) {
    if (!this.myTurn()) return;
    this.error.textContent = "";
    this.setBusy(true);
    try {
      const res = await api("POST", `/matches/${this.m.id}/shots`, body || this.strikeBody());
      await this.playResult(res);
    } catch (err) {
      this.error.textContent = t(err.key, err.params);
    } finally { this.setBusy(false); }
    this.maybeAI();
  }

  async choose(choice) {
    this.error.textContent = "";
    this.setBusy(true);
    try { await this.playResult(await api("POST", `/matches/${this.m.id}/choices`, { choice })); }
    catch (err) { this.error.textContent = t(err.key, err.params); }
    finally { this.setBusy(false); }
    this.maybeAI();
  }

  async playResult(res) {
    this.ui.shown = null;
    const shot = res.shot;
    if (shot.tracks) await this.animateShot(shot.position_before, res.match.position, shot.tracks);
    this.m = res.match;
    // an AI's turn leads with its intention (shot.ai.explanation), then the referee's calls
    this.ui.calls = shot.ai?.explanation ? [shot.ai.explanation, ...shot.announcements] : shot.announcements;
    this.ui.placed = null; this.ui.fixed = false; this.ui.nominate = ""; this.ui.freeBall = "";
    this.refresh();
  }

  async animateShot(before, after, tracks) {
    const start = new Map(before.pieces.filter((p) => p.state === "on_table").map((p) => [p.id, [p.x, p.y]]));
    const known = new Set(before.pieces.map((p) => p.id));
    const pieces = before.pieces.concat(after.pieces.filter((p) => !known.has(p.id)));
    const moving = new Set(tracks.tracks.map((tr) => tr.id));
    for (const tr of tracks.tracks) if (tr.segments.length) start.set(tr.id, [tr.segments[0].x, tr.segments[0].y]);
    const shown = pieces.filter((p) => start.has(p.id) || moving.has(p.id));
    await animate(this.ctx, this.view, shown, start, tracks, null);
  }

  setBusy(busy) {
    this.ui.busy = busy;
    document.body.dataset.busy = busy ? "1" : "";
    for (const b of this.root.querySelectorAll("#controls button")) b.disabled = busy || (b.id === "shoot" && !!(this.turn.placement && !this.ui.placed));
    if (!busy) this.online.drain();  // moves pushed meanwhile by the live table
  }

  async maybeAI() {
    if (this.m.status !== "playing" || this.turn.player?.kind !== "ai" || this.ui.busy || window.cueboard !== this || !this.online.canAskAI()) return;
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
    const s = await api("GET", `/matches/${this.m.id}/shots/${number}`);
    this.status.classList.remove("thinking");
    this.status.textContent = t("match.replaying", { n: number + 1 });
    this.ui.calls = s.announcements; this.renderCalls();
    if (s.tracks) await this.animateShot(s.position_before, s.position_after, s.tracks);
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
    } finally { this.setBusy(false); this.ui.calls = this.m.state?.last?.announcements || []; this.refresh(); }
  }
}
