// Team fixtures in the scorer (cueboard/app/scorer_fixture.py): a league match of single frames
// between two teams, each frame a one-frame scorer match between a player of each team, the result
// in frames won (a draw possible). The new-fixture form sits under the scorer's form for a game
// whose keeper plays fixtures (/api/scorer-games `fixtures`); the fixture's page (#/scorer/fixture/<id>)
// lists the frames with their pairs, scores and breaks of 25+, the running team score, the next
// frame's form, each player's statistics over the fixture (the game's stats part) and the exports.
// The fixture's owner token (kept as a scorer match's) writes its frames too.
import { api } from "./api.js";
import { gamePart } from "./gamepage.js";
import { t } from "./i18n.js";
import { el } from "./dom.js";
import { follow, owner, TOKEN } from "./scorer_common.js";
import { num, statsTable } from "./stats.js";

// The last choices of the fixture form (teams, frames, repeats), remembered in localStorage.
const FORM_KEY = "cueboard.scorer.fixture";
const form = { teams: ["", ""], frames: 6, repeat: true };
try { Object.assign(form, JSON.parse(localStorage.getItem(FORM_KEY) || "{}")); } catch { /* the defaults */ }

const MAX_FRAMES = 20;

// The new-fixture card: the teams, the frames, whether a player may play twice; the frames'
// rules settings are the scorer form's (`fixtureBody(settings)` of the game's scorer part).
export function fixtureCard(game, part, settings) {
  const error = el("p", { class: "error", role: "alert", id: "fixture-error" });
  const teams = [0, 1].map((i) => {
    const input = el("input", { type: "text", id: `fixture-team${i}`, maxlength: 64, autocomplete: "off", value: form.teams[i] ?? "" });
    input.addEventListener("input", () => { form.teams[i] = input.value; });
    return el("div", { class: "row" }, el("label", { for: input.id, i18n: i ? "scorer.fixture.away" : "scorer.fixture.home" }), input);
  });
  const frames = el("input", { type: "number", id: "fixture-frames", min: 1, max: MAX_FRAMES, inputmode: "numeric", value: form.frames });
  frames.addEventListener("input", () => { form.frames = Math.max(1, Math.min(MAX_FRAMES, parseInt(frames.value, 10) || 1)); });
  const repeat = el("input", { type: "checkbox", id: "fixture-repeat" });
  repeat.checked = form.repeat !== false;
  repeat.addEventListener("change", () => { form.repeat = repeat.checked; });
  const start = el("button", { class: "primary big", id: "fixture-start" }, t("scorer.fixture.start"));
  start.addEventListener("click", async () => {
    try {
      localStorage.setItem(FORM_KEY, JSON.stringify(form));
      const body = { game, teams: form.teams.map((n, i) => n.trim() || t(i ? "scorer.fixture.away" : "scorer.fixture.home")), frames: form.frames,
        repeat_players: form.repeat, ...part.fixtureBody(settings) };
      const f = await api("POST", "/scorer/fixtures", body);
      localStorage.setItem(TOKEN(f.id), f.owner_token);
      location.hash = `#/scorer/fixture/${f.id}`;
    } catch (err) { error.textContent = t(err.key, err.params); }
  });
  return el("div", { class: "card", id: "fixture-new" }, el("h2", { i18n: "scorer.fixture.title" }), el("p", { class: "muted", i18n: "scorer.fixture.intro" }),
    ...teams, el("div", { class: "row" }, el("label", { for: "fixture-frames", i18n: "scorer.fixture.frames" }), frames),
    el("div", { class: "row" }, repeat, el("label", { for: "fixture-repeat", i18n: "scorer.fixture.repeat" })),
    el("div", { class: "row" }, start), error);
}

// The fixtures this browser owns, to resume (the scorer's list card).
export async function fixtureList() {
  const list = el("ul", { class: "list", id: "fixture-list" });
  for (const f of await api("GET", "/scorer/fixtures")) {
    list.append(el("li", {}, el("span", { class: "what" }, `${f.teams.join(" – ")} · ${f.score.join(" : ")} · ${t("scorer.fixture.played", { done: f.frames, of: f.frames_of })}`),
      el("a", { href: `#/scorer/fixture/${f.id}` }, t(f.over ? "lobby.view" : "lobby.open"))));
  }
  return list.children.length ? [el("h3", { i18n: "scorer.fixture.list" }), list] : [];
}

// The result line: who won, a draw, or how many frames are played.
function resultText(f) {
  const [a, b] = f.score;
  if (f.draw) return t("scorer.fixture.draw", { a, b });
  if (f.winner !== null) return t("scorer.fixture.won", { team: f.teams[f.winner], a: Math.max(a, b), b: Math.min(a, b) });
  return t("scorer.fixture.played", { done: f.frames.length, of: f.frames_of });
}

function framesTable(f) {
  const head = el("tr", {}, ...["#", f.teams[0], t("score.score"), f.teams[1], t("stats.breaks_25"), t("scorer.fixture.score")]
    .map((h) => el("th", { scope: "col" }, h)));
  // each frame's number links to its page (to keep its score, or to read it)
  const rows = f.frames.map((fr) => el("tr", { "data-frame": fr.number },
    el("td", {}, el("a", { href: `#/scorer/${fr.id}`, "data-open-frame": fr.number, class: "button-link", style: "min-width:44px;min-height:44px;box-sizing:border-box;padding:0;display:inline-flex;align-items:center;justify-content:center", "aria-label": `${t(fr.status === "playing" ? "lobby.open" : "lobby.view")}: ${fr.number}` }, String(fr.number))),
    el("td", { class: fr.winner === 0 ? "won" : "" }, fr.players[0]), el("td", { class: "frame-score" }, fr.scores.join("–")),
    el("td", { class: fr.winner === 1 ? "won" : "" }, fr.players[1]),
    el("td", {}, fr.by_result ? "—" : [fr.breaks[0].join(", ") || "·", fr.breaks[1].join(", ") || "·"].join(" / ")),
    el("td", { class: "team-score" }, fr.team_score.join("–"))));
  return el("div", { class: "stats-wrap" }, el("table", { class: "stats", id: "fixture-frames" }, el("thead", {}, head), el("tbody", {}, ...rows)));
}

// The next frame's form: a player of each team (and their handicap starts where the game has them).
function nextFrame(f, part, error) {
  const n = f.frames.length + 1;
  const names = [0, 1].map((i) => el("input", { type: "text", id: `frame-player${i}`, maxlength: 64, autocomplete: "off" }));
  const starts = "handicap" in (part.defaults || {})
    ? [0, 1].map((i) => el("input", { type: "number", id: `frame-start${i}`, min: 0, max: 70, value: 0, inputmode: "numeric", "aria-label": `${t("scorer.handicap")}: ${f.teams[i]}` })) : [];
  const add = el("button", { class: "primary big", id: "fixture-add" }, t("scorer.fixture.add", { n }));
  add.addEventListener("click", async () => {
    try {
      const body = { players: names.map((x, i) => x.value.trim() || t("lobby.player_n", { n: i + 1 })) };
      if (starts.some((x) => parseInt(x.value, 10) > 0)) body.handicap = starts.map((x) => parseInt(x.value, 10) || 0);
      const m = await api("POST", `/scorer/fixtures/${f.id}/frames`, body, owner(f.id));
      const token = localStorage.getItem(TOKEN(f.id));
      if (token) localStorage.setItem(TOKEN(m.id), token);  // the fixture's token writes its frames
      location.hash = `#/scorer/${m.id}`;
    } catch (err) { error.textContent = t(err.key, err.params); }
  });
  return el("div", { class: "card", id: "fixture-next" }, el("h3", {}, t("scorer.fixture.frame_n", { n, of: f.frames_of })),
    ...[0, 1].map((i) => el("div", { class: "row" }, el("label", { for: names[i].id }, f.teams[i]), names[i], ...(starts.length ? [starts[i]] : []))),
    ...(starts.length ? [el("p", { class: "muted small", i18n: "scorer.fixture.starts" })] : []), el("div", { class: "row" }, add));
}

// Each player's statistics over the fixture: frames played and won, then the game's own rows.
async function playersPanel(f) {
  const box = el("div", { class: "stats-body" }, el("p", { class: "muted" }, t("stats.loading")));
  const panel = el("details", { class: "stats-panel", id: "fixture-stats" }, el("summary", {}, t("scorer.fixture.stats")), box);
  panel.addEventListener("toggle", async () => {
    if (!panel.open) return;
    try {
      const [stats, part] = await Promise.all([api("GET", `/scorer/fixtures/${f.id}/stats`), gamePart(f.game, "stats")]);
      const named = { ...stats, players: stats.players.map((p) => ({ ...p, name: `${p.name} (${p.team_name})` })) };
      const rows = [[t("scorer.fixture.frames"), (p) => num(p.frames)], [t("scorer.fixture.frames_won"), (p) => num(p.frames_won)], ...part.rows(named)];
      box.replaceChildren(statsTable(named, rows));
    } catch (err) { box.replaceChildren(el("p", { class: "error", role: "alert" }, t(err.key, err.params))); }
  });
  return panel;
}

// #/scorer/fixture/<id>: the fixture's page.
export async function openFixture(root, id) {
  const f = await api("GET", `/scorer/fixtures/${id}`, undefined, owner(id));
  const part = await gamePart(f.game, "scorer");
  await renderFixture(root, f, part);
  if (f.owner) return null;
  // a viewer of the share link follows the frames as they are entered on the owner's device
  const following = follow(f, () => api("GET", `/scorer/fixtures/${id}`), (view) => renderFixture(root, view, part));
  return { destroy() { following.stop(); root.replaceChildren(); } };
}

async function renderFixture(root, f, part) {
  const error = el("p", { class: "error", role: "alert", id: "fixture-error" });
  const head = el("div", { class: "row top" }, el("a", { href: "#/scorer" }, t("scorer.title")), el("a", { href: "#/" }, t("match.back")),
    el("span", { class: "muted" }, `${t(`game.${f.game}`)} · ${t("scorer.fixture.title")}`));
  const score = el("div", { class: "scorer-scores", id: "fixture-score", "aria-live": "polite" }, ...[0, 1].map((side) =>
    el("div", { class: "scorer-side", "data-side": side, title: f.teams[side] }, el("div", { class: "name" }, f.teams[side]),
      el("div", { class: "points", id: `fixture-team-score${side}` }, String(f.score[side])))));
  const writing = f.owner && f.frames.length < f.frames_of ? [nextFrame(f, part, error)] : [];
  const exports = el("p", { class: "exports", id: "fixture-exports" }, `${t("stats.export")}: `,
    el("a", { href: `/api/scorer/fixtures/${f.id}/export.json`, download: `fixture-${f.id}.json`, id: "fixture-export-json" }, "JSON"), " · ",
    el("a", { href: `/api/scorer/fixtures/${f.id}/export.csv`, download: `fixture-${f.id}.csv`, id: "fixture-export-csv" }, t("scorer.fixture.scorecard")));
  const share = el("p", { class: "muted small" }, el("a", { id: "fixture-share", href: f.share_path }, t("online.watch_link")));
  root.replaceChildren(el("div", { class: "scorer fixture", "data-game": f.game }, head, score,
    el("p", { class: "status", id: "fixture-status" }, resultText(f)), ...(f.frames.length ? [framesTable(f)] : []), error, ...writing,
    ...(f.owner ? [share] : [el("p", { class: "muted", id: "scorer-read-only" }, t("online.watching"))]),
    await playersPanel(f), exports));
}
