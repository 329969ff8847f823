// What the players of an online match ask each other (docs/app.md#playing-a-friend): the rematch
// offer as every browser at the table sees it, live — who offered, who has accepted, Accept and
// Decline for the seats this browser holds that have not answered, "waiting for..." for the
// others — and the series score a rematch carries ("Rematch — 2 : 1"). The server keeps the
// offer (cueboard/app/online/offers.py) and pushes each change (the live "table" event).
import { t } from "./i18n.js";
import { el } from "./dom.js";

// "Rematch — 2 : 1" (wins by side, in the scoreboard's order), or "" for a first match.
export function seriesText(series) {
  if (!series) return "";
  return t("rematch.series", { score: series.wins.join(" : ") });
}

// The offer's lines for the LiveTable `live` (online.js); [] when there is none to show.
export function offerBox(live) {
  const offer = live.table?.offer;
  if (!offer || offer.kind !== "rematch" || live.s.m.status === "playing") return [];
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
