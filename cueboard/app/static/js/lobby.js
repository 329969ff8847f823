// The lobby: choose the game, its rules and match length, the players (person or AI and level, 2 or
// 4); resume an unfinished match; browse finished ones.
import { api } from "./api.js";
import { t } from "./i18n.js";
import { el } from "./dom.js";
import { friendButton } from "./online.js";

const form = { game: null, count: 2, players: [], settings: {}, clock: 0 };

// The optional shot clock (docs/app.md#the-shot-clock): seconds per shot, off by default; 15 and
// 10 are the Snooker Shoot-Out's.
const CLOCKS = [0, 10, 15, 20, 30, 45, 60];
function clockInput() {
  const sel = el("select", { name: "shot_clock", id: "shot-clock-setting" });
  for (const s of CLOCKS) sel.append(el("option", { value: s }, s ? t("clock.per_shot", { s }) : t("clock.off")));
  sel.value = String(form.clock);
  sel.addEventListener("change", () => { form.clock = parseInt(sel.value, 10); });
  return el("div", { class: "row" }, el("label", { for: "shot-clock-setting", i18n: "clock.label" }), sel);
}

function settingInput(s) {
  const value = form.settings[s.name] ?? s.default;
  let input;
  if (s.kind === "choice") {
    input = el("select", { name: s.name });
    for (const o of s.options) {
      const label = typeof o === "string" ? t(`option.${o}`) : String(o);
      const opt = el("option", { value: String(o) }, label);
      if (String(o) === String(value)) opt.selected = true;
      input.append(opt);
    }
    input.addEventListener("change", () => {
      const o = s.options.find((x) => String(x) === input.value);
      form.settings[s.name] = o;
    });
  } else if (s.kind === "int") {
    input = el("input", { type: "number", name: s.name, min: s.min, max: s.max, value });
    input.addEventListener("change", () => { form.settings[s.name] = parseInt(input.value, 10); });
  } else {
    input = el("input", { type: "checkbox", name: s.name });
    input.checked = !!value;
    input.addEventListener("change", () => { form.settings[s.name] = input.checked; });
  }
  input.id = `setting-${s.name}`;
  return el("div", { class: "row" }, el("label", { i18n: `setting.${s.name}`, for: input.id }), input);
}

function playerRow(game, i) {
  const p = form.players[i] || (form.players[i] = { name: "", kind: "human", level: game.ai_levels[1] || null });
  const name = el("input", { type: "text", name: `player${i}`, id: `player${i}`, placeholder: t("lobby.player_n", { n: i + 1 }), value: p.name, maxlength: 64, autocomplete: "off" });
  name.addEventListener("input", () => { p.name = name.value; });
  const kind = el("select", { name: `kind${i}`, "aria-label": `${t("lobby.player_n", { n: i + 1 })}: ${t("lobby.human")} / ${t("lobby.ai")}` }, el("option", { value: "human" }, t("lobby.human")));
  if (game.ai_levels.length) kind.append(el("option", { value: "ai" }, t("lobby.ai")));
  kind.value = p.kind;
  const level = el("select", { name: `level${i}`, "aria-label": `${t("lobby.player_n", { n: i + 1 })}: ${t("lobby.level")}` });
  for (const l of game.ai_levels) level.append(el("option", { value: l }, t(`level.${l}`)));
  if (p.level) level.value = p.level;
  level.hidden = p.kind !== "ai";
  kind.addEventListener("change", () => { p.kind = kind.value; level.hidden = p.kind !== "ai"; });
  level.addEventListener("change", () => { p.level = level.value; });
  return el("div", { class: "row" }, el("label", { for: `player${i}` }, t("lobby.player_n", { n: i + 1 })), name, kind, level);
}

function matchLine(m, games, open) {
  const names = (m.players || []).map((p, i) => (!p.name || /^Player \d+$/.test(p.name) ? t("lobby.player_n", { n: i + 1 }) : p.name)).join(" – ");
  const score = (m.scoreboard?.sides || []).map((s) => s.score).join(" : ");
  const li = el("li", {}, el("span", { class: "what" }, `${t(`game.${m.game}`)} · ${names} · ${score}`));
  li.dataset.match = m.id;
  if (games.some((g) => g.name === m.game)) {
    const label = m.status !== "playing" ? "lobby.view" : m.role === "public" ? "lobby.watch" : "lobby.open";
    li.append(el("button", { class: m.status === "playing" ? "primary" : "", onclick: () => open(m.id) }, t(label)));
  }
  // only the host (or anyone, for a match stored before seats existed) may delete
  if (!m.role || m.role === "host" || m.role === "open") {
    // Delete asks first, in the line itself: "Delete this match for good?" Yes / Keep it.
    const del = el("button", { class: "delete" }, t("lobby.delete"));
    del.addEventListener("click", () => {
      const ask = el("span", { class: "confirm", role: "group", "aria-label": t("lobby.delete_confirm") }, el("span", {}, t("lobby.delete_confirm")));
      const yes = el("button", { class: "danger", "data-confirm": "yes", onclick: async () => { await api("DELETE", `/matches/${m.id}`); li.remove(); } }, t("lobby.delete_yes"));
      const no = el("button", { "data-confirm": "no", onclick: () => { ask.replaceWith(del); del.focus(); } }, t("lobby.delete_no"));
      ask.append(yes, no);
      del.replaceWith(ask);
      no.focus();
    });
    li.append(del);
  }
  return li;
}

export async function renderLobby(root, games, open) {
  root.replaceChildren();
  const newCard = el("div", { class: "card" }, el("h2", { i18n: "lobby.new" }));
  if (!games.length) newCard.append(el("p", { class: "muted", i18n: "lobby.no_games" }));
  else {
    if (!form.game || !games.some((g) => g.name === form.game)) form.game = games[0].name;
    const game = games.find((g) => g.name === form.game);
    const gameSel = el("select", { name: "game", id: "game" });
    for (const g of games) gameSel.append(el("option", { value: g.name }, t(`game.${g.name}`)));
    gameSel.value = form.game;
    gameSel.addEventListener("change", () => { form.game = gameSel.value; form.settings = {}; form.players = []; renderLobby(root, games, open); });
    newCard.append(el("div", { class: "row" }, el("label", { i18n: "lobby.game", for: "game" }), gameSel));
    if (!game.players.includes(form.count)) form.count = game.players[0];
    const countSel = el("select", { name: "count", id: "count" });
    for (const n of game.players) countSel.append(el("option", { value: n }, t("lobby.count", { n })));
    countSel.value = String(form.count);
    countSel.addEventListener("change", () => { form.count = parseInt(countSel.value, 10); renderLobby(root, games, open); });
    newCard.append(el("div", { class: "row" }, el("label", { i18n: "lobby.players", for: "count" }), countSel));
    for (let i = 0; i < form.count; i++) newCard.append(playerRow(game, i));
    if (!game.ai_levels.length) newCard.append(el("p", { class: "muted", i18n: "lobby.ai_missing" }));
    if (game.settings.length) newCard.append(el("h2", { i18n: "lobby.settings" }));
    for (const s of game.settings) newCard.append(settingInput(s));
    newCard.append(clockInput());
    const error = el("p", { class: "error" });
    const start = el("button", { class: "primary", id: "start" }, t("lobby.start"));
    // A player left unnamed is "Player n" in the page's language.
    const body = () => ({ game: form.game, settings: form.settings, ...(form.clock ? { shot_clock: form.clock } : {}),
      players: form.players.slice(0, form.count).map((p, i) => ({ name: p.name.trim() || t("lobby.player_n", { n: i + 1 }), kind: p.kind, level: p.kind === "ai" ? p.level : null })) });
    start.addEventListener("click", async () => {
      error.textContent = "";
      try {
        const m = await api("POST", "/matches", body());
        open(m.id);
      } catch (err) { error.textContent = t(err.key, err.params); }
    });
    newCard.append(el("div", { class: "row" }, start, friendButton(body, open, error)), error);
  }
  const [playing, finished] = await Promise.all([api("GET", "/matches?status=playing"), api("GET", "/matches?status=finished")]);
  const resume = el("div", { class: "card" }, el("h2", { i18n: "lobby.resume_title" }));
  const ul1 = el("ul", { class: "list", id: "unfinished" });
  for (const m of playing) ul1.append(matchLine(m, games, open));
  resume.append(playing.length ? ul1 : el("p", { class: "muted", i18n: "lobby.none" }));
  const done = el("div", { class: "card" }, el("h2", { i18n: "lobby.finished_title" }));
  const ul2 = el("ul", { class: "list", id: "finished" });
  for (const m of finished) ul2.append(matchLine(m, games, open));
  done.append(finished.length ? ul2 : el("p", { class: "muted", i18n: "lobby.none" }));
  done.append(el("p", {}, el("a", { href: "/docs", i18n: "lobby.api" })));
  const scorer = el("a", { href: "#/scorer", id: "open-scorer", class: "button-link", i18n: "scorer.open" });
  root.append(el("div", { class: "cards" }, newCard, resume, done), el("p", {}, scorer));
}
