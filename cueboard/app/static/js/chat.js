// The chat of an online match (docs/app.md#playing-a-friend): the players' room for a browser
// holding a seat, the spectators' room for one that watches (the server decides, from the
// browser's tokens, and sends each its own room in the live "table" event). Messages are shown
// as text, never as HTML; the preset phrases ("Good shot", "Well played", "Thanks", "Sorry") read
// in each reader's language; the mute switch hides the chat (kept in this browser).
import { api } from "./api.js";
import { t } from "./i18n.js";
import { el } from "./dom.js";

const PRESETS = ["good_shot", "well_played", "thanks", "sorry"];
const MUTED = "cueboard.chat.muted";

export class ChatCard {
  constructor(live) {
    this.live = live;
    this.card = el("div", { class: "card chat", id: "chat" });
    this.list = el("ol", { class: "chat-list", id: "chat-list", "aria-live": "polite" });
    this.shown = "";
  }

  mount(parent) { parent.append(this.card); this.build(); }

  build() {
    const live = this.live;
    const muted = localStorage.getItem(MUTED) === "1";
    const mute = el("input", { type: "checkbox", id: "chat-mute" });
    mute.checked = muted;
    mute.addEventListener("change", () => { localStorage.setItem(MUTED, mute.checked ? "1" : "0"); this.build(); });
    const input = el("input", { type: "text", id: "chat-text", maxlength: 140, placeholder: t("chat.placeholder"), "aria-label": t("chat.placeholder") });
    const send = async (body) => {
      try { await api("POST", `/matches/${live.s.m.id}/chat`, body); input.value = ""; }
      catch (err) { live.s.error.textContent = t(err.key, err.params); }
    };
    const form = el("form", { class: "row", id: "chat-form" }, input, el("button", { type: "submit", id: "chat-send" }, t("chat.send")));
    form.addEventListener("submit", (ev) => { ev.preventDefault(); if (input.value.trim()) send({ text: input.value.trim() }); });
    const presets = el("div", { class: "row chat-presets" }, ...PRESETS.map((p) => el("button", { "data-preset": p, onclick: () => send({ preset: p }) }, t(`chat.preset.${p}`))));
    this.card.replaceChildren(el("h2", {}, t(live.watching() ? "chat.spectators" : "chat.players")),
      el("div", { class: "row" }, mute, el("label", { for: "chat-mute" }, t("chat.mute"))));
    if (muted) return;
    this.card.append(this.list, form, presets);
    this.shown = "";
    this.render();
  }

  // The room's messages (from the live table event), each name and text as text nodes.
  render() {
    const said = this.live.table?.chat || [];
    const key = said.map((m) => m.id).join(",");
    if (key === this.shown) return;
    this.shown = key;
    this.list.replaceChildren(...said.map((m) => el("li", { "data-id": m.id },
      el("span", { class: "who", title: m.name }, `${m.name || t("chat.spectator")}: `),
      el("span", { class: "said" }, m.preset ? t(`chat.preset.${m.preset}`) : m.text))));
    this.list.scrollTop = this.list.scrollHeight;
  }
}
