// The JSON API under /api/ (its schema at /openapi.json). Every error is an RFC 9457 problem
// (application/problem+json): `detail` in the page's language, `code` the problem's code, and
// `key` / `params` to translate it here (cueboard/app/problems.py).
import { currentLanguage } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.detail || `HTTP ${status}`);
    this.status = status;
    this.code = body?.code || "network";
    this.key = body?.key || "error.invalid";
    this.params = body?.params || { detail: this.message };
  }
}

// The version of each match last seen in an answer: every acting request on a match (POST,
// DELETE under /matches/{id}) sends it as X-Match-Version, and the server refuses a stale one
// with 409 (docs/service.md), so a double click can never play a stroke twice.
const versions = new Map();
export function remember(data) {
  for (const m of Array.isArray(data) ? data : [data?.match || data]) {
    if (typeof m?.id === "string" && Number.isInteger(m?.version)) versions.set(m.id, m.version);
  }
}

// `headers`: extra request headers (the owner token of a scorer match or a shot map's job).
export async function api(method, path, body, headers = {}) {
  const opts = { method, headers: { "Accept-Language": currentLanguage(), ...headers } };
  const acting = method !== "GET" && path.match(/^\/matches\/([0-9a-f]+)/);
  if (acting && versions.has(acting[1])) opts.headers["X-Match-Version"] = String(versions.get(acting[1]));
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(`/api${path}`, opts);
  } catch (err) {
    throw new ApiError(0, { key: "error.network", detail: String(err) });
  }
  if (res.status === 204) return null;
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, data);
  remember(data);
  return data;
}
