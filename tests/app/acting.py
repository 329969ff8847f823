"""Acting on a match as the page does: every acting request names the version of the match it was
made against (``X-Match-Version``), read here from ``GET /api/matches/{id}`` just before."""

from __future__ import annotations

import re
from typing import Any

import httpx
from fastapi.testclient import TestClient

_MATCH = re.compile(r"^/api/matches/([0-9a-f]+)")


def version(client: TestClient, mid: str) -> int:
    r = client.get(f"/api/matches/{mid}")
    assert r.status_code == 200, r.text
    v: int = r.json()["version"]
    return v


def act(client: TestClient, method: str, path: str, json: Any = None, **kwargs: Any) -> httpx.Response:
    """``method path`` with the match's current version in ``X-Match-Version``."""
    found = _MATCH.match(path)
    assert found, path
    headers = {"X-Match-Version": str(version(client, found.group(1))), **kwargs.pop("headers", {})}
    return client.request(method, path, json=json, headers=headers, **kwargs)
