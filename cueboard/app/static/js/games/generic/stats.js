// The statistics of a game that ships no stats part of its own: a row for each plain figure of the
// first player's (or side's) statistics, named by its catalogue text where there is one.
import { has, t } from "/static/js/i18n.js";
import { list, num } from "/static/js/stats.js";

export function rows(stats) {
  const first = (stats.players || stats.sides || [])[0] || {};
  const keys = Object.keys(first).filter((k) => !["seat", "side", "name"].includes(k) && (typeof first[k] !== "object" || Array.isArray(first[k]) || first[k] === null));
  return keys.map((k) => [has(`stats.${k}`) ? t(`stats.${k}`) : k.replaceAll("_", " "), (p) => (Array.isArray(p[k]) ? list(p[k]) : num(p[k]))]);
}

export const formats = [];
