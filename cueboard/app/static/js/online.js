// Online play (docs/app.md#playing-a-friend): the lobby's "play a friend", the page of an
// invitation link, and the live table — every move pushed by the server (Server-Sent Events,
// GET /api/matches/<id>/live) and animated as it is played, the seats with their presence, the
// invitation links to copy. The seat tokens live in an HttpOnly cookie the page never reads.
import { api, remember } from "./api.js";
import { t } from "./i18n.js";
import { el } from "./dom.js";
import { copyRow, invitationCard, keepInvites, link, place, waitingRoom } from "./waiting.js";
import { claimBox, offerBox, seriesText, takebackSetting } from "./offers.js";
import { ChatCard } from "./chat.js";

// When each pushed move arrived (Date.now(), ms), for the browser tests and `make bench`.
export const liveStats = { received: [] };
window.cueboardLive = liveStats;

// The lobby's second way to start: the creator plays the first seat, every other person's seat
// is given to a friend through its invitation link (kept here to show on the table until taken).
export function friendButton(body, open, error) {
  return el("button", { id: "friend", title: t("lobby.friend_hint"), onclick: async () => {
    error.textContent = "";
    try {
      const b = body();
      b.players = b.players.map((p, i) => (i === 0 || p.kind === "ai" ? p : { ...p, invite: true }));
      const m = await api("POST", "/matches", b);
      keepInvites(m);
      open(m.id);
    } catch (err) { error.textContent = t(err.key, err.params); }
  } }, t("lobby.friend"));
}

// The page of an invitation link (#/join/<match>/<code>): take the seat with a display name; a
// seat already taken (or this browser's own, reopened) opens the table, as a spectator if so.
export async function renderJoin(root, matchId, code, toast) {
  root.replaceChildren();
  let inv;
  try { inv = await api("GET", `/matches/${matchId}/invitations/${code}`); }
  catch (err) { toast(t(err.key, err.params)); location.hash = `#/match/${matchId}`; return; }
  if (!inv.open) {
    const you = (await api("GET", `/matches/${matchId}/seats`)).you;
    if (!you.seats.includes(inv.seat)) toast(t("online.taken"));
    location.hash = `#/match/${matchId}`;
    return;
  }
  const m = await api("GET", `/matches/${matchId}`);
  const name = el("input", { type: "text", id: "join-name", maxlength: 64, placeholder: t("online.your_name") });
  const error = el("p", { class: "error" });
  const join = el("button", { class: "primary", id: "join" }, t("online.join"));
  join.addEventListener("click", async () => {
    error.textContent = "";
    try {
      await api("POST", `/matches/${matchId}/join`, { code, name: name.value.trim() });
      location.hash = `#/match/${matchId}`;
    } catch (err) {
      if (err.key === "online.taken") { toast(t("online.taken")); location.hash = `#/match/${matchId}`; }
      else error.textContent = t(err.key, err.params);
    }
  });
  const nameOf = (p) => (!p.name || /^Player \d+$/.test(p.name) ? t("lobby.player_n", { n: place(m, p.seat) }) : p.name);
  root.append(el("div", { class: "cards" }, el("div", { class: "card", id: "join-card" },
    el("h2", {}, t("online.join_title")),
    ...(await invitationCard(m, inv.seat, nameOf)),
    el("p", {}, t("online.join_as", { n: place(m, inv.seat), game: t(`game.${m.game}`) })),
    el("div", { class: "row" }, el("label", { for: "join-name" }, t("online.your_name")), name),
    el("div", { class: "row" }, join), error)));
  name.focus();
}

// The live side of a match screen: what this browser holds, the stream of moves, the seats card.
export class LiveTable {
  constructor(screen, access) {
    this.s = screen;
    this.you = access?.you || { host: false, seats: [], open: true };
    this.seats = access?.seats || [];
    this.isPublic = !!access?.public;
    this.queue = [];
    this.draining = false;
    this.lost = false;
    this.card = null;
    this.clockEl = el("p", { id: "shot-clock", class: "clock", "aria-live": "off" });
    this.timer = null;
    this.claimTimer = setInterval(() => this.renderOffer(), 1000);  // (an away player's seconds)
    this.setClock(screen.m.clock);
    this.connect();
  }

  // The shot clock (docs/app.md#the-shot-clock): the server's deadline of the person to move,
  // counted down against the server's time (its `now` when the view was sent), so every browser
  // at the table shows the same seconds whatever its own clock says.
  setClock(clock) {
    this.clock = clock ? { ...clock, offset: Date.parse(clock.now) - Date.now() } : null;
    if (this.clock && !this.timer) this.timer = setInterval(() => this.tick(), 200);
    this.tick();
  }

  tick() {
    const c = this.clock, p = this.clockEl;
    if (!c || this.s.m.status !== "playing") { p.hidden = true; return; }
    p.hidden = false;
    if (c.version !== this.s.m.version) return;  // the move just made: the new deadline is on its way
    if (!c.deadline) { p.textContent = t("clock.waiting"); p.dataset.remaining = ""; p.classList.remove("low"); return; }
    const left = Math.max(0, Date.parse(c.deadline) - (Date.now() + c.offset));
    const secs = Math.ceil(left / 1000);
    p.dataset.remaining = String(secs);
    p.classList.toggle("low", secs <= 5);
    p.textContent = left > 0 ? t("clock.left", { name: this.s.nameOfSeat(this.s.m.turn.seat), s: secs }) : t("clock.time_up");
  }

  holds(seat) { return this.you.open || this.you.seats.includes(seat); }
  // The match waits for an invited seat (the waiting room): nobody may move yet.
  awaiting() { return this.seats.some((x) => !x.claimed); }
  canAskAI() { return this.you.open || this.you.host || this.you.seats.length > 0; }
  watching() { return !this.you.open && !this.you.host && !this.you.seats.length; }

  connect() {
    const es = new EventSource(`/api/matches/${this.s.m.id}/live?after=${this.s.m.shots}`);
    this.es = es;
    es.addEventListener("shot", (e) => {
      const data = JSON.parse(e.data);
      liveStats.received.push({ match: this.s.m.id, number: data.number, at: Date.now() });
      this.push({ kind: "shot", data });
    });
    es.addEventListener("match", (e) => this.push({ kind: "match", data: JSON.parse(e.data) }));
    es.addEventListener("seats", (e) => this.onSeats(JSON.parse(e.data)));
    es.addEventListener("table", (e) => this.onTable(JSON.parse(e.data)));
    es.addEventListener("deleted", () => { this.close(); notice(t("room.cancelled")); this.s.leave(); });
    es.addEventListener("open", () => { this.lost = false; this.render(); document.body.dataset.live = "1"; });
    es.addEventListener("error", () => { this.lost = true; this.render(); document.body.dataset.live = ""; });
  }

  close() {
    if (this.es) this.es.close();
    this.es = null; document.body.dataset.live = "";
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    clearInterval(this.claimTimer);
  }

  push(item) { this.queue.push(item); this.drain(); }

  // Play the queued moves one after the other, each animated with its calls, when the screen is
  // idle; moves this screen already has (its own, answered to its request) are skipped.
  async drain() {
    if (this.draining || this.s.ui.busy || window.cueboard !== this.s) return;
    this.draining = true;
    let played = false;
    try {
      while (this.queue.length) {
        const { kind, data } = this.queue.shift();
        if (kind === "shot") {
          if (data.number < this.s.m.shots) continue;
          if (!played) { this.s.setBusy(true); played = true; }
          this.s.ui.shown = null; this.s.ui.stepScore = null;
          const rest = data.tracks ? await this.s.animateShot(data.position_before, data.position_after, data.tracks) : null;
          // (the calls read as the player's own move reads them: the shot, the player named)
          this.s.ui.said = { shot: data, next: null };
          this.s.renderCalls();
          if (!this.seen || this.seen.shot.number < data.number) this.seen = { shot: data, rest, before: this.s.m };
        } else {
          if ("clock" in data) this.setClock(data.clock);
          // (fewer moves than shown: the last one was taken back, by both players' leave)
          const takenBack = (data.state?.takebacks?.length || 0) > (this.s.m.state?.takebacks?.length || 0);
          // (a claim ends the match without a move: the status changes, the moves do not)
          const claimed = data.status !== this.s.m.status && !!data.state?.claim;
          if (data.shots <= this.s.m.shots && !takenBack && !claimed) {
            if (this.abortShown !== this.canAbort()) this.render();  // (this browser's own first stroke)
            continue;
          }
          remember(data);  // the version the next acting request names (X-Match-Version)
          const seen = this.seen;
          this.seen = null;
          this.s.m = data;
          this.s.ui.placed = null; this.s.ui.fixed = false; this.s.ui.aimed = false;
          if (takenBack) { this.s.ui.end = null; this.s.ui.said = { plain: [] }; this.s.lastCalls(); }
          else if (claimed) { this.s.ui.end = { kind: "match" }; this.s.ui.said = { plain: [{ key: "claim.made", params: {} }] }; }
          else if (seen && seen.shot.number === data.shots - 1) {
            // Whatever ended a frame, a round or the match — the last ball, a concession, a
            // claim, three misses, a time-out — every browser at the table gets its end screen.
            this.s.ui.said = { shot: seen.shot, next: data.turn?.seat ?? null };
            this.s.ui.end = this.s.endAfter(seen.before, seen.shot, seen.rest) || this.s.ui.end;
          } else this.s.lastCalls();
          this.s.refresh();
          this.render();  // (the seats card: Abort goes with the first stroke, comes back with its takeback)
          this.tick();
        }
      }
    } finally {
      this.draining = false;
      if (played) this.s.setBusy(false);
    }
    if (played) this.s.maybeAI();
  }

  // What the players ask each other (offers.js): the rematch offer shown live; once the rematch
  // exists every browser moves to it — a player's carrying its tokens, a spectator's following.
  async onTable(table) {
    if (this.table) table = { ...this.table, ...table };  // (an answer to this browser's request: no chat, no count in it)
    this.table = table;
    this.chat?.render();
    this.seriesEl.textContent = seriesText(table.series);
    this.seriesEl.hidden = !table.series;
    this.render();
    if (table.next && !this.following) {
      this.following = true;
      if (!this.watching()) {
        try { await api("POST", `/matches/${this.s.m.id}/rematch/carry`); } catch (err) { this.s.error.textContent = t(err.key, err.params); }
      }
      if (window.cueboard === this.s) location.hash = `#/match/${table.next}`;
    }
  }

  // Offer a rematch, or accept the one offered (the end screen's Rematch).
  async offerRematch() {
    try { this.onTable(await api("POST", `/matches/${this.s.m.id}/rematch`)); }
    catch (err) { this.s.error.textContent = t(err.key, err.params); }
  }

  async declineRematch() { await this.act("rematch/decline"); }

  // An answer or a request about the table (rematch/decline, takeback, takeback/accept...).
  async act(path) {
    try { this.onTable(await api("POST", `/matches/${this.s.m.id}/${path}`)); }
    catch (err) { this.s.error.textContent = t(err.key, err.params); }
  }

  // Abort (as on lichess): a player may call the match off before its first stroke, and no
  // result is recorded (the match is deleted: every browser at the table is told, live).
  canAbort() { return this.you.seats.length > 0 && this.s.m.status === "playing" && this.s.m.shots === 0 && !this.awaiting(); }

  abortButton() {
    const b = el("button", { id: "abort" }, t("abort.button"));
    b.addEventListener("click", () => {
      const ask = el("span", { class: "confirm", role: "group", "aria-label": t("abort.confirm") }, el("span", {}, t("abort.confirm")));
      const yes = el("button", { class: "danger", id: "abort-yes", onclick: async () => {
        try { await api("POST", `/matches/${this.s.m.id}/abort`); this.close(); notice(t("room.cancelled")); this.s.leave(); }
        catch (err) { this.s.error.textContent = t(err.key, err.params); }
      } }, t("abort.yes"));
      const no = el("button", { id: "abort-no", onclick: () => { ask.replaceWith(b); b.focus(); } }, t("abort.no"));
      ask.append(yes, no);
      b.replaceWith(ask);
      no.focus();
    });
    return el("div", { class: "row" }, b);
  }

  // A takeback asked, a claim offered: under the table, where the players look — the seats card
  // beside it is often below the fold (at 1366×768 the question was out of view while the one
  // asked was offered "Play on"); on the end screen while it is open, in its dialog.
  placeOffer() {
    if (this.s.endBox.contains(this.offerEl)) return;
    const wrap = this.s.root.querySelector(".board .canvas-wrap");
    if (wrap && wrap.nextElementSibling !== this.offerEl) wrap.after(this.offerEl);
  }

  // A rematch offered and not declined: its Accept and Decline (or who it waits for) stand in
  // for the end screen's Rematch button, so no one is shown two buttons that do the same.
  rematchPending() {
    const offer = this.table?.offer;
    return this.s.m.status !== "playing" && offer?.kind === "rematch" && (offer.declined ?? null) === null;
  }

  // The end screen's Rematch button, hidden while an offer is pending (rematchPending).
  showRematchButton() {
    const button = this.s.endBox.querySelector("#rematch");
    if (button) button.hidden = this.rematchPending();
  }

  renderOffer() {
    if (!this.offerEl) return;
    this.showRematchButton();
    const parts = [...offerBox(this), ...claimBox(this)];
    const html = parts.map((p) => p.outerHTML).join("");
    if (html === this.offerHtml) return;  // (unchanged: the buttons stay under the pointer)
    this.offerHtml = html;
    this.offerEl.replaceChildren(...parts);
  }

  // Claim the match against the player to move, away too long: the end is pushed to every browser.
  async claim() {
    try { await api("POST", `/matches/${this.s.m.id}/claim`); }
    catch (err) { this.s.error.textContent = t(err.key, err.params); }
  }

  onSeats(seats) {
    const waited = this.awaiting();
    this.seats = seats;
    const players = this.s.m.header.players;
    let renamed = false;
    for (const seat of seats) {
      const p = players.find((q) => q.seat === seat.seat);
      if (p && seat.claimed && p.name !== seat.name) { p.name = seat.name; renamed = true; }
    }
    if (renamed && !this.s.ui.busy) { this.s.renderStatus(); this.s.renderScores(); }
    this.render();
    if (waited && !this.awaiting() && !this.s.ui.busy) { this.s.refresh(); this.s.maybeAI(); }  // everyone is here: play
  }

  // The card "At the table": each seat with its presence, this browser's seats (or "watching"),
  // the invitation links not yet taken, the spectators' link, and (host) the public listing.
  // The shot clock sits by the status line above the table, where the player to move looks.
  mount(parent) {
    this.card = el("div", { class: "card", id: "online" });
    parent.append(this.card);
    this.roomBox = el("div", { id: "room-box" });
    this.s.root.prepend(this.roomBox);
    this.chat = new ChatCard(this);
    this.chat.mount(parent);
    this.offerEl ||= el("div", { id: "offer", "aria-live": "polite" });
    this.renderOffer();
    this.seriesEl ||= el("p", { id: "series", class: "series", hidden: "hidden" });
    this.s.root.querySelector(".board .row.top")?.append(this.seriesEl);
    this.clockEl.title = t("clock.label");
    this.s.root.querySelector(".board .row.top")?.append(this.clockEl);
    this.render();
    this.tick();
  }

  render() {
    const c = this.card;
    if (!c) return;
    const room = waitingRoom(this.s, this.seats, this.you, () => { this.close(); notice(t("room.cancelled")); this.s.leave(); });
    const setting = room && takebackSetting(this);
    if (setting) room.querySelector("#room-cancel")?.parentElement.before(setting);
    this.roomBox.replaceChildren(...(room ? [room] : []));
    this.renderOffer();
    c.replaceChildren(el("h2", {}, t("online.seats")));
    const ul = el("ul", { class: "list presence", id: "presence" });
    for (const seat of this.seats) {
      const state = !seat.claimed ? "waiting" : seat.present ? "connected" : "away";
      const li = el("li", { "data-seat": seat.seat, "data-presence": state },
        el("span", { class: `dot ${state}` }, ""), el("span", { class: "what name", title: this.s.nameOfSeat(seat.seat) }, this.s.nameOfSeat(seat.seat)),
        el("span", { class: "muted" }, t(`online.${state}`)));
      ul.append(li);
    }
    if (this.seats.length) c.append(ul);
    if (this.table) c.append(el("p", { id: "spectators", class: "muted", "data-count": this.table.spectators }, t("online.spectators", { n: this.table.spectators })));
    const mine = this.you.seats.map((s) => this.s.nameOfSeat(s));
    c.append(el("p", { id: "role", class: "muted" }, this.watching() ? t("online.watching") : mine.length ? t("online.you_play", { names: mine.join(", ") }) : ""));
    if (this.you.host) {
      c.append(copyRow("watch-link", t("online.watch_link"), link(`/#/match/${this.s.m.id}`)));
      const box = el("input", { type: "checkbox", id: "public" });
      box.checked = this.isPublic;
      box.addEventListener("change", async () => {
        try { this.isPublic = (await api("POST", `/matches/${this.s.m.id}/publish`, { public: box.checked })).public; }
        catch (err) { box.checked = this.isPublic; this.s.error.textContent = t(err.key, err.params); }
      });
      c.append(el("div", { class: "row" }, box, el("label", { for: "public" }, t("online.public"))));
    }
    this.abortShown = this.canAbort();
    if (this.abortShown) c.append(this.abortButton());
    this.placeOffer();
    if (this.lost) c.append(el("p", { class: "error", id: "live-lost" }, t("online.reconnecting")));
  }
}

// A short notice in the page's toast (index.html), for what happens to the table from elsewhere.
function notice(text) {
  const box = document.getElementById("toast");
  if (!box) return;
  box.textContent = text; box.hidden = false;
  setTimeout(() => { box.hidden = true; }, 4000);
}
