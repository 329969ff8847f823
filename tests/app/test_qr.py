"""The QR codes of the invitation links (cueboard/app/online/qr.py): each invitation of the create
answer carries its link's QR code as an SVG data URI; the SVG is well-formed and, drawn module by
module from its own path and read by an independent decoder (zxing-cpp), gives back the link."""

from __future__ import annotations

import base64
import re
import urllib.parse
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from fastapi.testclient import TestClient

zxingcpp = pytest.importorskip("zxingcpp")

SVG_NS = "{http://www.w3.org/2000/svg}"


def _svg(uri: str) -> ET.Element:
    head, _, data = uri.partition(",")
    assert head.startswith("data:image/svg+xml"), head
    text = base64.b64decode(data).decode() if head.endswith(";base64") else urllib.parse.unquote(data)
    assert "<script" not in text and "style=" not in text  # nothing the page's CSP would refuse
    return ET.fromstring(text)  # well-formed XML, or this raises


def _raster(svg: ET.Element) -> np.ndarray:
    """The dark modules of segno's one-path SVG (``M``/``m`` moves, ``h`` runs of a stroke one
    module wide, centred half a module below the pen), as a picture with 8 px modules."""
    path = svg.find(f"{SVG_NS}path")
    assert path is not None
    scale = float(re.fullmatch(r"scale\((\d+(?:\.\d+)?)\)", path.get("transform", "scale(1)")).group(1))  # type: ignore[union-attr]
    size = int(float(svg.get("width", "0")) / scale)
    grid = np.zeros((size, size), dtype=np.uint8)
    x = y = 0.0
    for op, a, b in re.findall(r"([Mmh])(-?\d+(?:\.\d+)?)(?:\s+(-?\d+(?:\.\d+)?))?", path.get("d", "")):
        if op == "M":
            x, y = float(a), float(b)
        elif op == "m":
            x, y = x + float(a), y + float(b)
        else:
            n = float(a)
            grid[int(y - 0.5), int(x):int(x + n)] = 1
            x += n
    return np.where(np.kron(grid, np.ones((8, 8), dtype=np.uint8)) == 1, 0, 255).astype(np.uint8)


def _decoded(uri: str) -> str:
    found = zxingcpp.read_barcodes(_raster(_svg(uri)))
    assert len(found) == 1 and found[0].format == zxingcpp.BarcodeFormat.QRCode
    return str(found[0].text)


def test_each_invitation_has_the_qr_code_of_its_link(client: TestClient) -> None:
    players = [{"name": "Ann"}, *({"name": f"P{n}", "invite": True} for n in (2, 3, 4))]
    r = client.post("/api/matches", json={"game": "snooker", "players": players})
    assert r.status_code == 201, r.text
    online = r.json()["online"]
    assert len(online["invitations"]) == 3
    for inv in online["invitations"]:
        assert inv["url"] == "http://testserver" + inv["path"]
        assert _decoded(inv["qr"]) == inv["url"]
    assert _decoded(online["watch_qr"]) == "http://testserver" + online["watch_path"]


def test_the_link_follows_the_host_and_scheme_the_browser_used(client: TestClient) -> None:
    r = client.post("/api/matches", json={"game": "novuss", "players": [{"name": "A"}, {"invite": True}]},
                    headers={"Host": "localhost:8123", "X-Forwarded-Proto": "https"})
    assert r.status_code == 201, r.text
    [inv] = r.json()["online"]["invitations"]
    assert inv["url"].startswith("https://localhost:8123/#/join/")
    assert _decoded(inv["qr"]) == inv["url"]
