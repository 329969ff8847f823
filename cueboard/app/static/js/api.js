// The JSON API under /api/ (documented at /docs).
import { currentLanguage } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.detail || `HTTP ${status}`);
    this.status = status;
    this.key = body?.key || "error.invalid";
    this.params = body?.params || { detail: this.message };
  }
}

export async function api(method, path, body) {
  const opts = { method, headers: { "Accept-Language": currentLanguage() } };
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
  return data;
}
