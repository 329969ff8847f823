// The lobby: a door per game (its picture; play the computer at a level, play a friend, keep score
// of a real match); then the full form: the game, the players (person or AI and level, 2 or 4), and
// the rules, match length and shot clock folded into an options part that shows them in one line;
// below, your unfinished matches to resume and the finished ones. The form's last choices are
// remembered (localStorage `cueboard.lobby`).
import { api } from "./api.js";
import { t } from "./i18n.js";
import { el } from "./dom.js";
import { gamePart } from "./gamepage.js";
import { friendButton } from "./online.js";
import { chooseScorerGame } from "./scorer.js";

const LOBBY_KEY = "cueboard.lobby";
const form = { game: null, count: 2, players: [], settings: {}, clock: 0, optionsOpen: false };
try { Object.assign(form, JSON.parse(localStorage.getItem(LOBBY_KEY) || "{}")); } catch { /* the defaults */ }
function remember() { localStorage.setItem(LOBBY_KEY, JSON.stringify(form)); }

// A small picture of each game's table, drawn in SVG by the game's page module
// /games/<game>/lobby.js (`picture(shape)`: the SVG elements in a 120 × 80 view box).
const SVG = "http://www.w3.org/2000/svg";
function shape(tag, attrs) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}
function picture(game) {
  const svg = shape("svg", { viewBox: "0 0 120 80", width: 120, height: 80, class: "door-picture", "aria-hidden": "true" });
  gamePart(game, "lobby").then((part) => svg.append(...part.picture(shape))).catch(() => { /* no picture: the door still works */ });
  return svg;
}

// The doors: per game its picture and three actions. Playing the computer and playing a friend
// start at once with the options of the form below (remembered); keeping score opens the scorer.
function doors(root, games, openMatch, error, kept) {
  const box = el("div", { class: "doors", role: "list" });
  for (const g of games) {
    const level = el("select", { "aria-label": `${t(`game.${g.name}`)}: ${t("lobby.level")}`, "data-door-level": g.name });
    for (const l of g.ai_levels) level.append(el("option", { value: l }, t(`level.${l}`)));
    if (g.ai_levels.length) level.value = g.ai_levels[1] || g.ai_levels[0];
    const pick = (kinds) => {
      if (form.game !== g.name) { form.game = g.name; form.settings = {}; }
      form.count = 2;
      form.players = kinds.map((kind, i) => ({ name: form.players[i]?.name || "", kind, level: kind === "ai" ? level.value : null }));
      remember();
    };
    const vsAi = el("button", { class: "primary", "data-door": `${g.name}:ai`, onclick: async () => {
      pick(["human", "ai"]);
      await renderLobby(root, games, openMatch);
      root.querySelector("#start")?.click();
    } }, t("lobby.door_ai"));
    vsAi.disabled = !g.ai_levels.length;
    const friend = el("button", { "data-door": `${g.name}:friend`, onclick: async () => {
      pick(["human", "human"]);
      await renderLobby(root, games, openMatch);
      root.querySelector("#friend")?.click();
    } }, t("lobby.friend"));
    // keep score: offered for the games the scorer keeps (/api/scorer-games)
    const score = kept.has(g.name) ? el("button", { "data-door": `${g.name}:score`, onclick: () => { chooseScorerGame(g.name); location.hash = "#/scorer"; } }, t("lobby.door_score")) : "";
    box.append(el("div", { class: "door card", role: "listitem", "data-game": g.name }, picture(g.name), el("h3", {}, t(`game.${g.name}`)),
      el("div", { class: "door-actions" }, el("div", { class: "row" }, vsAi, g.ai_levels.length ? level : ""), friend, score)));
  }
  return el("div", {}, box, error);
}

// The optional shot clock (docs/app.md#the-shot-clock): seconds per shot, off by default; 15 and
// 10 are the Snooker Shoot-Out's.
const CLOCKS = [0, 10, 15, 20, 30, 45, 60];
function clockInput(changed) {
  const sel = el("select", { name: "shot_clock", id: "shot-clock-setting" });
  for (const s of CLOCKS) sel.append(el("option", { value: s }, s ? t("clock.per_shot", { s }) : t("clock.off")));
  sel.value = String(form.clock);
  sel.addEventListener("change", () => { form.clock = parseInt(sel.value, 10); changed(); });
  return el("div", { class: "row" }, el("label", { for: "shot-clock-setting", i18n: "clock.label" }), sel);
}

// A setting's value as the options' line says it.
function settingText(s, value) {
  if (s.kind === "bool") return t(value ? "option.on" : "option.off");
  return typeof value === "string" ? t(`option.${value}`) : String(value);
}
// The options' line: each setting and the clock in a few words ("Reds: 15 · Miss rule: …").
function optionsLine(game) {
  const parts = game.settings.map((s) => `${t(`setting.${s.name}`)}: ${settingText(s, form.settings[s.name] ?? s.default)}`);
  parts.push(`${t("clock.label")}: ${form.clock ? t("clock.per_shot", { s: form.clock }) : t("clock.off")}`);
  return parts.join(" · ");
}

function settingInput(s, changed) {
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
      changed();
    });
  } else if (s.kind === "int") {
    input = el("input", { type: "number", name: s.name, min: s.min, max: s.max, value });
    input.addEventListener("change", () => { form.settings[s.name] = parseInt(input.value, 10); changed(); });
  } else {
    input = el("input", { type: "checkbox", name: s.name });
    input.checked = !!value;
    input.addEventListener("change", () => { form.settings[s.name] = input.checked; changed(); });
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
  return el("div", { class: "row player" }, el("label", { for: `player${i}` }, t("lobby.player_n", { n: i + 1 })), name, kind, level);
}

function matchLine(m, games, open) {
  const names = (m.players || []).map((p, i) => (!p.name || /^Player \d+$/.test(p.name) ? t("lobby.player_n", { n: i + 1 }) : p.name)).join(" – ");
  const score = (m.scoreboard?.sides || []).map((s) => s.score).join(" : ");
  const what = el("span", { class: "what" }, `${t(`game.${m.game}`)} · ${names} · ${score}`);
  // the game's page module may say what a match's result line shows (`result(match)` in
  // /games/<game>/lobby.js: snooker's frames won); else the sides' scores
  gamePart(m.game, "lobby").then((part) => {
    const line = part.result?.(m);
    if (line) what.textContent = `${t(`game.${m.game}`)} · ${names} · ${line}`;
  }).catch(() => { /* no module: the scores stay */ });
  const li = el("li", {}, what);
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

export async function renderLobby(root, games, openMatch) {
  // the match screen opens at the top of the page, wherever the lobby was scrolled to
  const open = (id) => { window.scrollTo(0, 0); openMatch(id); };
  root.replaceChildren();
  const newCard = el("div", { class: "card" }, el("h2", { i18n: "lobby.new" }));
  if (!games.length) newCard.append(el("p", { class: "muted", i18n: "lobby.no_games" }));
  else {
    if (!form.game || !games.some((g) => g.name === form.game)) form.game = games[0].name;
    const game = games.find((g) => g.name === form.game);
    const gameSel = el("select", { name: "game", id: "game" });
    for (const g of games) gameSel.append(el("option", { value: g.name }, t(`game.${g.name}`)));
    gameSel.value = form.game;
    gameSel.addEventListener("change", () => { form.game = gameSel.value; form.settings = {}; form.players = []; remember(); renderLobby(root, games, openMatch); });
    newCard.append(el("div", { class: "row" }, el("label", { i18n: "lobby.game", for: "game" }), gameSel));
    if (!game.players.includes(form.count)) form.count = game.players[0];
    const countSel = el("select", { name: "count", id: "count" });
    for (const n of game.players) countSel.append(el("option", { value: n }, t("lobby.count", { n })));
    countSel.value = String(form.count);
    countSel.addEventListener("change", () => { form.count = parseInt(countSel.value, 10); remember(); renderLobby(root, games, openMatch); });
    newCard.append(el("div", { class: "row" }, el("label", { i18n: "lobby.players", for: "count" }), countSel));
    for (let i = 0; i < form.count; i++) newCard.append(playerRow(game, i));
    if (!game.ai_levels.length) newCard.append(el("p", { class: "muted", i18n: "lobby.ai_missing" }));
    // the rules, the match length and the clock, folded: the game's defaults (or the last choices)
    // in one line; open, the inputs (the fold itself remembered)
    const line = el("span", { class: "muted small options-line", id: "options-line" }, optionsLine(game));
    const changed = () => { line.textContent = optionsLine(game); remember(); };
    const options = el("details", { class: "lobby-options", id: "lobby-options" },
      el("summary", {}, el("span", { i18n: "lobby.settings" }), " ", line));
    options.open = !!form.optionsOpen;
    options.addEventListener("toggle", () => { form.optionsOpen = options.open; remember(); });
    for (const s of game.settings) options.append(settingInput(s, changed));
    options.append(clockInput(changed));
    newCard.append(options);
    const error = el("p", { class: "error" });
    const start = el("button", { class: "primary", id: "start" }, t("lobby.start"));
    // A player left unnamed is "Player n" in the page's language.
    const body = () => ({ game: form.game, settings: form.settings, ...(form.clock ? { shot_clock: form.clock } : {}),
      players: form.players.slice(0, form.count).map((p, i) => ({ name: p.name.trim() || t("lobby.player_n", { n: i + 1 }), kind: p.kind, level: p.kind === "ai" ? p.level : null })) });
    start.addEventListener("click", async () => {
      error.textContent = "";
      remember();
      try {
        const m = await api("POST", "/matches", body());
        open(m.id);
      } catch (err) { error.textContent = t(err.key, err.params); }
    });
    newCard.append(el("div", { class: "row" }, start, friendButton(body, open, error)), error);
  }
  const [playing, finished, scorerGames] = await Promise.all([api("GET", "/matches?status=playing"), api("GET", "/matches?status=finished"), api("GET", "/scorer-games")]);
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
  const doorError = el("p", { class: "error", role: "alert" });
  root.append(games.length ? doors(root, games, openMatch, doorError, new Set(scorerGames.map((g) => g.name))) : "", el("div", { class: "cards" }, newCard, resume, done), el("p", {}, scorer));
}
