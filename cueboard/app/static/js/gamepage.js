// A game's page modules (/games/<game>/<part>.js): what the page knows of one game — how to draw
// its table, word its calls, keep its score by hand — lives in the game's own modules
// (cueboard/app/static/js/games/<game>/, or a separately installed game's package), never in a
// branch on the game's name. A part a game does not ship is served from games/generic/.

const loaded = new Map();

export function gamePart(game, part) {
  const key = `${game}/${part}`;
  if (!loaded.has(key)) loaded.set(key, import(`/games/${encodeURIComponent(game)}/${part}.js`));
  return loaded.get(key);
}
