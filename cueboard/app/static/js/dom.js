// Building the page's elements: el(tag, attrs, ...children), shared by every screen (the lobby, the
// online table, the match, the scorer, the shot maps). An attribute `i18n` sets the element's text
// from the message catalogue (and marks it for a language change), `on<event>` adds a listener.
import { t } from "./i18n.js";

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "i18n") { e.dataset.i18n = v; e.textContent = t(v); }
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null) e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}
