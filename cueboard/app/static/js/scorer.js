// Scorer mode: keep the score of a real match on a phone or a tablet. Each entry is posted to
// /api/scorer/<id>/entries and refereed on the server by the game's keeper — the same referee as
// `cueboard score <game>` (cueboard/app/scorer.py); the scoreboard and the referee's calls come
// back; Undo takes back the last entry. Routed by app.js at #/scorer (new match, resume) and
// #/scorer/<id>.
// What differs per game — the new-match form's settings, the pad, the screen — is the game's page
// module /games/<game>/scorer.js (gamepage.js): `defaults` (the form's settings), `formRows`,
// `body` (the settings sent), `formExtras` (optional), and `screen(root, match)`. The games the
// scorer keeps, with their player counts, come from /api/scorer-games.
// A game whose keeper plays team fixtures (`fixtures`) also gets the new-fixture card
// (scorer_fixture.js), opened at #/scorer/fixture/<id>.
// Only the match's owner writes: the owner token the server hands the creator once is kept in
// localStorage and sent with every entry (the server also sets an HttpOnly cookie with it); any
// other browser opening #/scorer/<id> (the share link) follows the score, read-only.
import { api } from "./api.js";
import { gamePart } from "./gamepage.js";
import { t } from "./i18n.js";
import { el } from "./dom.js";
import { createScorerMatch, follow, owner } from "./scorer_common.js";
import { fixtureCard, fixtureList, openFixture } from "./scorer_fixture.js";

// The last choices of the new-match form, remembered in localStorage: the game, the players, and
// each game's own settings (`settings[game]`).
const FORM_KEY = "cueboard.scorer.form";
const form = { game: null, count: 2, players: ["", "", "", ""], settings: {} };
try {
  const saved = JSON.parse(localStorage.getItem(FORM_KEY) || "{}");
  for (const k of Object.keys(form)) if (k in saved) form[k] = saved[k];
} catch { /* a bad saved form: the defaults */ }
if (!form.settings || typeof form.settings !== "object") form.settings = {};
while (form.players.length < 4) form.players.push("");

// The lobby's "keep score" door of a game: the scorer's form opens on that game.
export function chooseScorerGame(game) { form.game = game; }

// The form's tools a game's part builds its rows with: a select and a bounded number input, each
// writing into the game's settings.
function select(id, options, value, labels, onchange) {
  const s = el("select", { id });
  for (const o of options) s.append(el("option", { value: o }, labels(o)));
  s.value = String(value);
  s.addEventListener("change", () => onchange(s.value));
  return s;
}
function numberInput(settings) {
  return (id, key, min, max) => {
    const input = el("input", { type: "number", id, min, max, value: settings[key] });
    input.addEventListener("input", () => { settings[key] = Math.max(min, Math.min(max, parseInt(input.value, 10) || min)); });
    return input;
  };
}

// The new-match form (the game, the names, the game's settings) and the scorer matches to resume.
// Each render is numbered; one overtaken by a later render while it waited on the server is dropped,
// so what a person typed into the later form is not replaced by an older, emptier one.
let renders = 0;
async function renderNew(root) {
  const rerender = () => renderNew(root);
  const mine = ++renders;
  const [games, kept, fixtures] = await Promise.all([api("GET", "/scorer-games"), api("GET", "/scorer"), fixtureList()]);
  if (!games.some((g) => g.name === form.game)) form.game = games[0]?.name ?? null;
  const part = form.game ? await gamePart(form.game, "scorer") : null;
  if (mine !== renders) return;  // no await below: the form is built and shown at once
  const card = el("div", { class: "card" }, el("h2", { i18n: "scorer.title" }), el("p", { class: "muted", i18n: "scorer.intro" }));
  const picker = el("div", { class: "scorer-modes", role: "radiogroup", "aria-label": t("scorer.game") });
  for (const g of games) {
    picker.append(el("button", { type: "button", class: `big${form.game === g.name ? " on" : ""}`, role: "radio", "aria-checked": String(form.game === g.name), "data-game": g.name,
      onclick: () => { if (form.game !== g.name) { form.game = g.name; rerender(); } } }, t(`game.${g.name}`)));
  }
  card.append(picker);
  const game = games.find((g) => g.name === form.game);
  const error = el("p", { class: "error", role: "alert" });
  let fixture = null;  // the new-fixture card, for a game played as team fixtures
  if (game) {
    const settings = (form.settings[game.name] = { ...part.defaults, ...(form.settings[game.name] || {}) });
    if (!game.players.includes(form.count)) form.count = game.players[0];
    if (game.players.length > 1) {
      card.append(el("div", { class: "row" }, el("label", { for: "scorer-count", i18n: "lobby.players" }),
        select("scorer-count", game.players, form.count, (n) => (n === 2 ? t("scorer.singles") : n === 4 ? t("scorer.doubles") : t("lobby.count", { n })), (v) => { form.count = parseInt(v, 10); rerender(); })));
    }
    form.players.slice(0, form.count).forEach((name, i) => {
      const input = el("input", { type: "text", id: `scorer-player${i}`, maxlength: 64, autocomplete: "off", value: name, placeholder: t("lobby.player_n", { n: i + 1 }) });
      input.addEventListener("input", () => { form.players[i] = input.value; });
      card.append(el("div", { class: "row" }, el("label", { for: input.id }, t("lobby.player_n", { n: i + 1 })), input));
    });
    card.append(...part.formRows(settings, { select, number: numberInput(settings), rerender }));
    const start = el("button", { class: "primary big", id: "scorer-start" }, t("scorer.start"));
    start.addEventListener("click", async () => {
      try {
        localStorage.setItem(FORM_KEY, JSON.stringify(form));
        const players = form.players.slice(0, form.count).map((p, i) => p.trim() || t("lobby.player_n", { n: i + 1 }));
        const m = await createScorerMatch({ game: game.name, players, ...part.body(settings) });
        location.hash = `#/scorer/${m.id}`;
      } catch (err) { error.textContent = t(err.key, err.params); }
    });
    card.append(el("div", { class: "row" }, start, el("a", { href: "#/", i18n: "match.back" })), error);
    if (part.formExtras) card.append(...part.formExtras(error));
    if (game.fixtures && part.fixtureBody) fixture = fixtureCard(game.name, part, settings);
  }
  const list = el("ul", { class: "list", id: "scorer-list" });
  for (const m of kept.filter((k) => !k.fixture)) {  // a fixture's frames are listed in their fixture
    const frames = m.frames.length ? ` · ${m.frames.join("–")}` : "";
    list.append(el("li", {}, el("span", { class: "what" }, `${m.players.join(" – ")} · ${m.scores.join(" : ")}${frames}`),
      el("a", { href: `#/scorer/${m.id}` }, t(m.status === "playing" ? "lobby.open" : "lobby.view"))));
  }
  const resume = el("div", { class: "card" }, el("h2", { i18n: "scorer.matches" }), list.children.length ? list : el("p", { class: "muted", i18n: "lobby.none" }),
    ...fixtures);
  root.replaceChildren(el("div", { class: "cards" }, card, ...(fixture ? [fixture] : []), resume));
}

// #/scorer -> the new-match form; #/scorer/<id> -> the game's pad; #/scorer/fixture/<id> -> a
// team fixture's page (read here: the router hands over the hash's first hex digits only).
export async function openScorer(root, id) {
  const fixture = location.hash.match(/^#\/scorer\/fixture\/([0-9a-f]+)$/);
  if (fixture) return openFixture(root, fixture[1]);
  if (!id) { await renderNew(root); return null; }
  const m = await api("GET", `/scorer/${id}`, undefined, owner(id));
  const part = await gamePart(m.summary.game, "scorer");
  const screen = part.screen(root, m);
  if (m.owner) return screen;
  const following = follow(m, () => api("GET", `/scorer/${id}`), (view) => { screen.m = view; screen.build(); });
  const destroy = screen.destroy.bind(screen);
  screen.destroy = () => { following.stop(); destroy(); };
  return screen;
}
