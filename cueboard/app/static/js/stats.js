// A match's statistics per player (or side) and its exports, from the server (cueboard/app/stats.py),
// shown in a <details> that fetches the figures each time it opens; the exports are links (JSON,
// CSV, a game's own notation, the match record). `base` is the API path of the match:
// "/scorer/<id>" or "/matches/<id>". Which figures a game has, and the exports of its own, come
// from the game's page module /games/<game>/stats.js (gamepage.js): `rows(stats)` — the table's
// rows, [label, row of the statistics -> text] — and `formats` — its own exports, [{ path, label, file, id }].
import { api } from "./api.js";
import { gamePart } from "./gamepage.js";
import { has, sentence, t } from "./i18n.js";
import { el } from "./dom.js";

// The texts of the figures, for the games' stats parts.
export function pct(tally) {
  if (!tally || !tally.attempts) return "—";
  return `${tally.pots ?? tally.successful}/${tally.attempts} · ${Math.round(tally.success * 1000) / 10}%`;
}
export const list = (xs) => (xs && xs.length ? xs.map((x) => (x === null ? "—" : String(x))).join(", ") : "—");
export const num = (x) => (x === null || x === undefined ? "—" : String(x));
export function foulName(kind) {
  return has(`foul.${kind}`) ? sentence(t(`foul.${kind}`)) : kind.replaceAll("_", " ");
}

export function statsTable(stats, rows) {
  const who = stats.players || stats.sides;
  const head = el("tr", {}, el("th", { scope: "col" }, ""), ...who.map((p) => el("th", { scope: "col" }, p.name)));
  const body = rows.map(([label, value]) => el("tr", {}, el("th", { scope: "row" }, label), ...who.map((p) => el("td", {}, value(p)))));
  return el("div", { class: "stats-wrap" }, el("table", { class: "stats", id: "stats-table" }, el("thead", {}, head), el("tbody", {}, ...body)));
}

// The export links: the statistics as JSON and CSV, the game's own formats, the match record.
function exportLinks(base, own) {
  const file = base.replaceAll("/", "-").replace(/^-/, "");
  const links = el("p", { class: "exports", id: "stats-exports" }, `${t("stats.export")}: `,
    el("a", { href: `/api${base}/stats`, download: `${file}-stats.json`, id: "export-json" }, "JSON"), " · ",
    el("a", { href: `/api${base}/stats.csv`, download: `${file}-stats.csv`, id: "export-csv" }, "CSV"), " · ");
  for (const x of own) links.append(el("a", { href: `/api${base}/${x.path}`, download: `${file}${x.file}`, id: x.id }, t(x.label)), " · ");
  links.append(el("a", { href: `/api${base}/record`, download: `${file}-record.json`, id: "export-record" }, t("stats.record")));
  return links;
}

// The panel: a <details> whose opening (re)loads the figures; the export links below them.
export function statsPanel(base, game) {
  const box = el("div", { class: "stats-body" }, el("p", { class: "muted" }, t("stats.loading")));
  const panel = el("details", { class: "stats-panel", id: "stats-panel" }, el("summary", {}, t("stats.title")), box);
  panel.addEventListener("toggle", async () => {
    if (!panel.open) return;
    try {
      const [stats, part] = await Promise.all([api("GET", `${base}/stats`), gamePart(game, "stats")]);
      box.replaceChildren(statsTable(stats, part.rows(stats)), exportLinks(base, part.formats || []));
    } catch (err) { box.replaceChildren(el("p", { class: "error", role: "alert" }, err.key ? t(err.key, err.params) : String(err.message || err))); }
  });
  panel.dataset.game = game;
  return panel;
}
