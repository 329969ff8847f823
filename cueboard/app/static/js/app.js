// cueboard's page: the lobby and the match screen, routed by the URL hash (#/match/<id>), every
// text from the message catalogues, the language switchable at any time. Each game's page modules
// (gamepage.js) are loaded as a match of it opens; its calls' wording once at start.
import { api } from "./api.js";
import { loadCalls } from "./calls.js";
import { gamePart } from "./gamepage.js";
import { applyI18n, currentLanguage, loadLanguage, onLanguageChange, t } from "./i18n.js";
import { renderLobby } from "./lobby.js";
import { MatchScreen } from "./match.js";
import { renderJoin } from "./online.js";
import { openScorer } from "./scorer.js";
import { setSound, soundOn } from "./sound.js";

const lobbyRoot = document.getElementById("lobby");
const matchRoot = document.getElementById("match");
const scorerRoot = document.getElementById("scorer");
let games = [];
const specs = {};
let screen = null;

function open(id) { location.hash = `#/match/${id}`; }

// A new match between the same players, with the same rules and length.
async function rematch(m) {
  const players = m.header.players.map((p) => ({ name: p.name, kind: p.kind, level: p.level }));
  const next = await api("POST", "/matches", { game: m.game, players, settings: m.header.settings || {} });
  open(next.id);
}

async function route() {
  const m = location.hash.match(/^#\/match\/([0-9a-f]+)/);
  if (screen) { screen.destroy(); screen = null; }
  scorerRoot.hidden = true;
  const join = location.hash.match(/^#\/join\/([0-9a-f]+)\/([\w-]+)/);
  if (join) { matchRoot.hidden = true; lobbyRoot.hidden = false; await renderJoin(lobbyRoot, join[1], join[2], showToast); return; }
  const sc = location.hash.match(/^#\/scorer(?:\/([0-9a-f]+))?/);  // scorer mode (scorer.js)
  if (sc) {
    lobbyRoot.hidden = true; matchRoot.hidden = true; scorerRoot.hidden = false;
    try { screen = await openScorer(scorerRoot, sc[1]); return; } catch (err) { showToast(t(err.key || "error.network", err.params || {})); scorerRoot.hidden = true; }
  }
  if (m) {
    try {
      const [match, access] = await Promise.all([api("GET", `/matches/${m[1]}`), api("GET", `/matches/${m[1]}/seats`)]);
      const [spec, page] = await Promise.all([specs[match.game] || api("GET", `/games/${match.game}/spec`), gamePart(match.game, "table")]);
      specs[match.game] = spec;
      const capabilities = games.find((g) => g.name === match.game)?.capabilities ?? [];
      lobbyRoot.hidden = true; matchRoot.hidden = false;
      screen = new MatchScreen(matchRoot, spec, match, () => { location.hash = "#/"; }, rematch, access, page, capabilities);
      return;
    } catch (err) {
      showToast(t(err.key || "error.network", err.params || {}));
    }
  }
  matchRoot.hidden = true; lobbyRoot.hidden = false;
  await renderLobby(lobbyRoot, games, open);
}

function showToast(text) {
  const el = document.getElementById("toast");
  el.textContent = text; el.hidden = false;
  setTimeout(() => { el.hidden = true; }, 4000);
}

async function main() {
  const langs = await api("GET", "/i18n");
  const sel = document.getElementById("lang");
  for (const [code, name] of Object.entries(langs)) {
    const o = document.createElement("option"); o.value = code; o.textContent = name; sel.append(o);
  }
  await loadLanguage(langs[currentLanguage()] ? currentLanguage() : "en");
  sel.value = currentLanguage();
  sel.addEventListener("change", () => loadLanguage(sel.value));
  const sound = document.getElementById("sound");  // off unless this browser turned it on
  sound.checked = soundOn();
  sound.addEventListener("change", () => setSound(sound.checked));
  onLanguageChange(() => {
    applyI18n(document);
    if (screen) screen.build();
    else renderLobby(lobbyRoot, games, open);
  });
  games = await api("GET", "/games");
  await loadCalls(games.map((g) => g.name));
  window.addEventListener("hashchange", route);
  await route();
  document.body.dataset.ready = "1";
}

main();
