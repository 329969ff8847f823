// The waiting room of online play (docs/app.md#playing-a-friend): after "Play a friend" the top of
// the match page shows each seat — who has joined, who is still awaited — with the invitation
// link of each open seat (Copy, QR code), and the host's Cancel. The server refuses every move
// until each invited seat is taken (409 online.not_started) and its shot clock waits with it, so
// the match starts for everyone at once, as a lichess challenge starts once it is accepted.
// The invitation page (#/join/...) shows who invites, the game, the players and the rules.
import { api } from "./api.js";
import { t } from "./i18n.js";
import { el } from "./dom.js";

// The invitation links a host's browser keeps for each of its matches (its answer to the create
// request is the only place they are ever given).
export const INVITES = (id) => `cueboard.invites.${id}`;
export function keepInvites(m) {
  localStorage.setItem(INVITES(m.id), JSON.stringify(m.online.invitations.map((i) => ({ seat: i.seat, path: i.path, qr: i.qr }))));
}
export function keptInvites(id) { return JSON.parse(localStorage.getItem(INVITES(id)) || "[]"); }

export function link(path) { return `${location.origin}${path}`; }
// A seat as players count it: its player's place in the lobby's order (1, 2...), not the game's
// seat number (two-player crokinole and novuss sit at seats 0 and 2).
export function place(match, seat) { return match.header.players.findIndex((p) => p.seat === seat) + 1; }

// A link to hand on: the box to copy it from, the Copy button and, when the server drew one, the
// link's QR code (an SVG data: image, cueboard/app/online/qr.py) to scan from another device.
export function copyRow(id, label, url, qr) {
  const input = el("input", { type: "text", id, value: url, readonly: "readonly", class: "link-box" });
  const button = el("button", { "data-copy": id }, t("online.copy"));
  button.addEventListener("click", async () => {
    input.select();
    try { await navigator.clipboard.writeText(url); } catch { document.execCommand("copy"); }
    button.textContent = t("online.copied");
  });
  const box = el("div", { class: "invite" }, el("label", { for: id, class: "muted" }, label), el("div", { class: "row" }, input, button));
  if (qr) box.append(el("img", { src: qr, class: "qr", id: `${id}-qr`, alt: t("online.qr", { label }), width: 132, height: 132 }));
  return box;
}

// A player's line: the name (the whole name in the title: a long one is cut on screen only) and
// what the seat is — the host's, joined, awaited, the computer at its level.
function playerLine(p, state, extra = "") {
  const name = el("span", { class: "what name", title: p.name }, p.name);
  const label = p.kind === "ai" ? `${t("room.computer")} — ${t(`level.${p.level}`)}` : t(`room.${state}`);
  return el("li", { "data-seat": p.seat, "data-room": p.kind === "ai" ? "ai" : state },
    el("span", { class: `dot ${state === "awaited" ? "waiting" : "connected"}` }, ""), name,
    el("span", { class: "muted" }, extra ? `${label} · ${extra}` : label));
}

// The waiting room of a match screen `s` (match.js) given the seats (names, taken, invited) the
// live table last received; null once every seat is taken.
export function waitingRoom(s, seats, you, onCancel) {
  if (!seats.some((x) => !x.claimed)) return null;
  const room = el("div", { class: "card waiting-room", id: "waiting-room" },
    el("h2", {}, t("room.title")), el("p", { class: "muted" }, t("room.intro")));
  const ul = el("ul", { class: "list presence", id: "room-seats" });
  const invites = keptInvites(s.m.id);
  const links = [];
  for (const p of s.m.header.players) {
    const seat = seats.find((x) => x.seat === p.seat);
    const state = !seat ? "joined" : !seat.claimed ? "awaited" : seat.invited ? "joined" : "host";
    ul.append(playerLine({ ...p, name: s.nameOfSeat(p.seat) }, state));
    const inv = invites.find((i) => i.seat === p.seat);
    if (inv && seat && !seat.claimed) {
      links.push(copyRow(`invite-${p.seat}`, t("online.invite_for", { n: place(s.m, p.seat), name: s.nameOfSeat(p.seat) }), link(inv.path), inv.qr));
    }
  }
  room.append(ul, ...(links.length ? [el("div", { class: "invites" }, ...links)] : []));
  if (you.host) room.append(cancelButton(s, onCancel));
  return room;
}

// The host's Cancel, confirmed in place: the match is deleted and every browser at the table is
// sent back to the lobby (the live "deleted" event).
function cancelButton(s, onCancel) {
  const b = el("button", { id: "room-cancel", class: "delete" }, t("room.cancel"));
  b.addEventListener("click", () => {
    const ask = el("span", { class: "confirm", role: "group", "aria-label": t("room.cancel_confirm") }, el("span", {}, t("room.cancel_confirm")));
    const yes = el("button", { class: "danger", id: "room-cancel-yes", onclick: async () => {
      try { await api("DELETE", `/matches/${s.m.id}`); onCancel(); } catch (err) { s.error.textContent = t(err.key, err.params); }
    } }, t("room.cancel_yes"));
    const no = el("button", { id: "room-cancel-no", onclick: () => { ask.replaceWith(b); b.focus(); } }, t("room.cancel_no"));
    ask.append(yes, no);
    b.replaceWith(ask);
    no.focus();
  });
  return el("div", { class: "row" }, b);
}

// The rules a match is played under: every setting of its game (the lobby's defaults where the
// creator left one) and the shot clock.
function rulesList(m, game) {
  const dl = el("dl", { class: "rules", id: "join-rules" });
  for (const s of game?.settings || []) {
    const v = m.header.settings?.[s.name] ?? s.default;
    const text = typeof v === "boolean" ? t(v ? "option.yes" : "option.no") : typeof v === "string" ? t(`option.${v}`) : String(v);
    dl.append(el("dt", {}, t(`setting.${s.name}`)), el("dd", { "data-setting": s.name }, text));
  }
  dl.append(el("dt", {}, t("clock.label")), el("dd", { "data-setting": "shot_clock" }, m.clock ? t("clock.per_shot", { s: m.clock.seconds }) : t("clock.off")));
  return dl;
}

// The invitation page's account of the match before joining: who invites, the game, the players
// (this seat marked) and the rules.
export async function invitationCard(m, seat, nameOf) {
  const [seats, games] = await Promise.all([api("GET", `/matches/${m.id}/seats`), api("GET", "/games")]);
  const host = m.header.players.find((p) => seats.seats.some((x) => x.seat === p.seat && !x.invited));
  const ul = el("ul", { class: "list presence", id: "join-players" });
  for (const p of m.header.players) {
    const x = seats.seats.find((q) => q.seat === p.seat);
    const state = !x ? "joined" : !x.claimed ? "awaited" : x.invited ? "joined" : "host";
    ul.append(playerLine({ ...p, name: nameOf(p) }, state, p.seat === seat ? t("room.your_seat") : ""));
  }
  return [
    el("p", { id: "invited-by" }, t("room.invited_by", { name: host ? nameOf(host) : "—", game: t(`game.${m.game}`) })),
    el("h3", {}, t("room.players")), ul,
    el("h3", {}, t("room.rules")), rulesList(m, games.find((g) => g.name === m.game)),
  ];
}
