// What the players of an online match ask each other (docs/app.md#playing-a-friend): the rematch
// offer as every browser at the table sees it, live — who offered, who has accepted, Accept and
// Decline for the seats this browser holds that have not answered, "waiting for..." for the
// others — and the series score a rematch carries ("Rematch — 2 : 1"). The server keeps the
// offer (cueboard/app/online/offers.py) and pushes each change (the live "table" event).
import { api } from "./api.js";
import { t } from "./i18n.js";
import { el } from "./dom.js";

// "Rematch — 2 : 1" (wins by side, in the scoreboard's order), or "" for a first match.
export function seriesText(series) {
  if (!series) return "";
  return t("rematch.series", { score: series.wins.join(" : ") });
}

// The offer's lines for the LiveTable `live` (online.js); [] when there is none to show.
export function offerBox(live) {
  if (live.s.m.status === "playing") return takebackBox(live);
  const offer = live.table?.offer;
  if (!offer || offer.kind !== "rematch") return [];
  const name = (seat) => live.s.nameOfSeat(seat);
  if (offer.declined !== undefined && offer.declined !== null) {
    return [el("p", { id: "rematch-declined", class: "muted" }, t("rematch.declined", { name: name(offer.declined) }))];
  }
  const people = live.seats.map((x) => x.seat);
  const waiting = people.filter((seat) => !offer.accepted.includes(seat));
  const mine = waiting.filter((seat) => live.you.seats.includes(seat));
  const out = [el("p", { id: "rematch-offered" }, t("rematch.offered", { name: name(offer.by) }))];
  if (mine.length) {
    out.push(el("div", { class: "row" },
      el("button", { class: "primary", id: "rematch-accept", onclick: () => live.offerRematch() }, t("rematch.accept")),
      el("button", { id: "rematch-decline", onclick: () => live.declineRematch() }, t("rematch.decline"))));
  } else if (waiting.length) {
    out.push(el("p", { id: "rematch-waiting", class: "muted" }, t("rematch.waiting", { names: waiting.map(name).join(", ") })));
  }
  return out;
}

// Takebacks (a match setting, on without a shot clock): the player who made the last stroke may
// ask, before anyone plays again, to take it back; the others accept — the position, scores and
// turn return to before the stroke — or decline, and nothing changes. The last takeback stays
// said on the table.
function takebackBox(live) {
  const m = live.s.m;
  const name = (seat) => live.s.nameOfSeat(seat);
  const out = [];
  const done = m.state?.takebacks?.at(-1);
  if (done && done.number === m.shots) out.push(el("p", { id: "takeback-done", class: "muted" }, t("takeback.done", { n: done.number + 1, name: name(done.seat) })));
  const offer = live.table?.offer;
  const open = offer?.kind === "takeback" && offer.at === m.version;
  if (open && offer.declined !== undefined && offer.declined !== null) {
    out.push(el("p", { id: "takeback-declined", class: "muted" }, t("takeback.declined", { name: name(offer.declined) })));
  } else if (open) {
    out.push(el("p", { id: "takeback-asked" }, t("takeback.asked", { name: name(offer.by) })));
    const answering = live.you.seats.filter((seat) => seat !== offer.by);
    if (answering.length) {
      out.push(el("div", { class: "row" },
        el("button", { class: "primary", id: "takeback-accept", onclick: () => live.act("takeback/accept") }, t("rematch.accept")),
        el("button", { id: "takeback-decline", onclick: () => live.act("takeback/decline") }, t("rematch.decline"))));
    } else {
      const others = live.seats.map((x) => x.seat).filter((seat) => seat !== offer.by);
      out.push(el("p", { id: "takeback-waiting", class: "muted" }, t("takeback.waiting", { names: others.map(name).join(", ") })));
    }
  }
  const last = m.state?.last;
  const mine = last && live.you.seats.includes(last.seat) && (last.kind === "shot" || last.kind === "choice");
  if (live.table?.takeback && !open && mine && last.number === m.shots - 1 && !live.awaiting()) {
    out.push(el("div", { class: "row" }, el("button", { id: "takeback", onclick: () => live.act("takeback") }, t("takeback.ask"))));
  }
  return out;
}

// The host's takeback setting in the waiting room (not offered with a shot clock).
export function takebackSetting(live) {
  if (!live.you.host || !live.table || live.s.m.clock) return null;
  const box = el("input", { type: "checkbox", id: "takeback-setting" });
  box.checked = !!live.table.takeback;
  box.addEventListener("change", async () => {
    try { live.onTable(await api("POST", `/matches/${live.s.m.id}/takeback-setting`, { allowed: box.checked })); }
    catch (err) { box.checked = !!live.table.takeback; live.s.error.textContent = t(err.key, err.params); }
  });
  return el("div", { class: "row" }, box, el("label", { for: "takeback-setting" }, t("takeback.setting")));
}

// A claim (as lichess offers "claim victory" when the opponent left): the player to move has had
// no live connection for longer than the match's away limit and there is no shot clock — their
// opponents may claim the match (the absent side loses it, in every game) or wait. A match ended
// by a claim says so, in every browser and after a reload (its state keeps the claim).
export function claimBox(live) {
  const m = live.s.m;
  if (m.state?.claim) return [el("p", { id: "claimed" }, t("claim.made"))];
  if (m.status !== "playing" || m.clock || !live.table || m.turn.player?.kind === "ai") return [];
  const mover = m.turn.seat;
  const seat = live.seats.find((x) => x.seat === mover);
  if (!seat || seat.present || !seat.away_since || live.waited === seat.away_since) return [];
  const side = live.s.sideOfSeat(mover);
  if (!live.you.seats.some((x) => live.s.sideOfSeat(x) !== side)) return [];
  const away = Math.floor((Date.now() - Date.parse(seat.away_since)) / 1000);
  if (away < live.table.away_limit) return [];
  return [el("p", { id: "claim-offer" }, t("claim.offer", { name: live.s.nameOfSeat(mover), s: live.table.away_limit })),
    el("div", { class: "row" },
      el("button", { class: "primary", id: "claim", onclick: () => live.claim() }, t("claim.button")),
      el("button", { id: "claim-wait", onclick: () => { live.waited = seat.away_since; live.renderOffer(); } }, t("claim.wait")))];
}
