// A match's statistics per player (or crokinole side) and its exports, from the server
// (cueboard/app/stats.py): snooker pot success overall, per colour and for long pots, safeties,
// every break of 25+ with the 50+ / 100+ counts and the highest, fouls by kind; crokinole 20s and
// points per round and rounds won; novuss pucks per turn and fouls. Shown in a <details> that
// fetches the figures each time it opens; the exports are links (JSON, CSV, crokinole's CMN, the
// match record). `base` is the API path of the match: "/scorer/<id>" or "/matches/<id>".
import { api } from "./api.js";
import { has, sentence, t } from "./i18n.js";
import { el } from "./dom.js";

const COLOURS = ["red", "yellow", "green", "brown", "blue", "pink", "black"];

function pct(tally) {
  if (!tally || !tally.attempts) return "—";
  return `${tally.pots ?? tally.successful}/${tally.attempts} · ${Math.round(tally.success * 1000) / 10}%`;
}
const list = (xs) => (xs && xs.length ? xs.map((x) => (x === null ? "—" : String(x))).join(", ") : "—");
const num = (x) => (x === null || x === undefined ? "—" : String(x));

function foulName(kind) {
  return has(`foul.${kind}`) ? sentence(t(`foul.${kind}`)) : kind.replaceAll("_", " ");
}

// The rows of the table: [label, value of a row of the statistics].
function rows(stats) {
  if (stats.game === "snooker") {
    const out = [
      [t("stats.points"), (p) => num(p.points)],
      [t("stats.pot_success"), (p) => pct(p.pot)],
      ...COLOURS.map((c) => [`${t("stats.pots_of")} ${t(`ball.${c}`)}`, (p) => pct(p.per_colour[c])]),
      [t("stats.long_pots"), (p) => pct(p.long_pot)],
      [t("stats.safeties"), (p) => pct(p.safety)],
      [t("stats.breaks_25"), (p) => list(p.breaks)],
      [t("stats.breaks_50"), (p) => num(p.breaks_50)],
      [t("stats.breaks_100"), (p) => num(p.breaks_100)],
      [t("score.highest_break"), (p) => num(p.highest_break)],
      [t("stats.fouls"), (p) => (Object.keys(p.fouls).length ? Object.entries(p.fouls).map(([k, n]) => `${foulName(k)}: ${n}`).join("; ") : "—")],
      [t("stats.foul_points"), (p) => num(p.foul_points_given)],
    ];
    return out;
  }
  if (stats.game === "crokinole") {
    return [
      [t("stats.rounds_won"), (s) => `${s.rounds_won} · ${t("stats.tied")} ${s.rounds_tied} · ${t("stats.lost")} ${s.rounds_lost}`],
      [t("stats.twenties_per_round"), (s) => `${list(s.twenties)} (${num(s.twenties_per_round)})`],
      [t("stats.points_per_round"), (s) => `${list(s.points)} (${num(s.points_per_round)})`],
      [t("score.score"), (s) => num(s.score)],
    ];
  }
  return [
    [t("stats.pucks"), (p) => num(p.pucks)],
    [t("stats.turns"), (p) => num(p.turns)],
    [t("stats.pucks_per_turn"), (p) => num(p.pucks_per_turn)],
    [t("stats.most_pucks"), (p) => num(p.most_pucks_in_turn)],
    [t("stats.fouls"), (p) => `${p.fouls}${Object.keys(p.fouls_by_case).length ? ` (${Object.entries(p.fouls_by_case).map(([c, n]) => `${t(`novuss.penalty.${c}`)}: ${n}`).join("; ")})` : ""}`],
  ];
}

export function statsTable(stats) {
  const who = stats.players || stats.sides;
  const head = el("tr", {}, el("th", { scope: "col" }, ""), ...who.map((p) => el("th", { scope: "col" }, p.name)));
  const body = rows(stats).map(([label, value]) => el("tr", {}, el("th", { scope: "row" }, label), ...who.map((p) => el("td", {}, value(p)))));
  return el("div", { class: "stats-wrap" }, el("table", { class: "stats", id: "stats-table" }, el("thead", {}, head), el("tbody", {}, ...body)));
}

// The panel: a <details> whose opening (re)loads the figures; the export links below them.
export function statsPanel(base, game, { cmn = false } = {}) {
  const box = el("div", { class: "stats-body" }, el("p", { class: "muted" }, t("stats.loading")));
  const panel = el("details", { class: "stats-panel", id: "stats-panel" }, el("summary", {}, t("stats.title")), box);
  const file = base.replaceAll("/", "-").replace(/^-/, "");
  const links = el("p", { class: "exports", id: "stats-exports" }, `${t("stats.export")}: `,
    el("a", { href: `/api${base}/stats`, download: `${file}-stats.json`, id: "export-json" }, "JSON"), " · ",
    el("a", { href: `/api${base}/stats.csv`, download: `${file}-stats.csv`, id: "export-csv" }, "CSV"), " · ");
  if (cmn) links.append(el("a", { href: `/api${base}/cmn`, download: `${file}.cmn.json`, id: "export-cmn" }, t("stats.cmn")), " · ");
  links.append(el("a", { href: `/api${base}/record`, download: `${file}-record.json`, id: "export-record" }, t("stats.record")));
  panel.addEventListener("toggle", async () => {
    if (!panel.open) return;
    try {
      const stats = await api("GET", `${base}/stats`);
      box.replaceChildren(statsTable(stats), links);
    } catch (err) { box.replaceChildren(el("p", { class: "error", role: "alert" }, t(err.key, err.params))); }
  });
  panel.dataset.game = game;
  return panel;
}
