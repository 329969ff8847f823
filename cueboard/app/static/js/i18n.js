// Message catalogues: every text on the page comes from /api/i18n/<lang> (cueboard/app/i18n/*.json).
let lang = localStorage.getItem("cueboard.lang") || "en";
let messages = {};
let english = {};
let game = null;
const listeners = [];

export async function loadLanguage(code) {
  const res = await fetch(`/api/i18n/${encodeURIComponent(code)}`);
  if (!res.ok) throw new Error(`no catalogue for ${code}`);
  messages = await res.json();
  if (code === "en") english = messages;
  else if (!Object.keys(english).length) english = await (await fetch("/api/i18n/en")).json();
  lang = code;
  localStorage.setItem("cueboard.lang", code);
  document.documentElement.lang = code;
  applyI18n(document);
  for (const fn of listeners) fn();
}

export function currentLanguage() { return lang; }

// The game on screen (null in the lobby): a text "<game>:<key>" overrides "<key>" there, so that a
// crokinole screen says "round" and a novuss screen "game" where snooker says "frame".
export function setGame(name) { game = name || null; }

// Whether the catalogue has a text for `key` (in this language or in English).
export function has(key) { return key in messages || key in english; }

// A sentence starts with a capital letter even when it starts with a parameter ("red" -> "Red").
export function sentence(text) { return text ? text.charAt(0).toLocaleUpperCase(lang) + text.slice(1) : text; }
export function onLanguageChange(fn) { listeners.push(fn); }

// The text of `key` with `{name}` parameters; a parameter named `x_key` is a key itself (fills `{x}`).
// With `pair: true` (the side named is two players, "Bo and Di") the text "<key>_pair" is taken
// where this language has one, so that the verb agrees ("Bo and Di win", "побеждают"; Chinese and
// Vietnamese verbs do not change with number: their "_pair" texts are the singular ones).
// cueboard/app/messages.py chooses the same.
export function t(key, params = {}) {
  const own = game ? `${game}:${key}` : null;
  if (own && has(own)) key = own;
  if (params?.pair && `${key}_pair` in messages) key = `${key}_pair`;
  const text = messages[key] ?? english[key] ?? key;
  const values = {};
  for (const [name, value] of Object.entries(params || {})) {
    if (name.endsWith("_key") && typeof value === "string") values[name.slice(0, -4)] = t(value);
    else values[name] = value;
  }
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in values ? String(values[name]) : m));
}

export function applyI18n(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
}
