"""QR codes of the invitation links (docs/app.md#playing-a-friend): drawn by the server with
segno (pure Python, ISO/IEC 18004) as SVG and handed to the page as ``data:`` URIs in the create
answer, so the page shows them as images under its Content-Security-Policy (``img-src 'self'
data:``; no script, no inline style) and no secret of a link ever travels in a URL of its own
(where access logs would keep it)."""

from __future__ import annotations

import segno
from fastapi import Request

#: Error correction M (15 % of the code may be damaged: a phone's photo of a screen).
ERROR = "m"


def site_origin(request: Request) -> str:
    """The origin the browser reached this server at (the Host it sent, already checked by the
    app's guard; https when the request or its reverse proxy says so)."""
    https = request.url.scheme == "https" or request.headers.get("x-forwarded-proto") == "https"
    host = request.headers.get("host") or request.url.netloc
    return f"{'https' if https else 'http'}://{host}"


def qr_svg_uri(text: str) -> str:
    """The QR code of ``text`` as an SVG ``data:`` URI (4 px modules, the standard 4-module
    quiet zone)."""
    return str(segno.make(text, error=ERROR, micro=False).svg_data_uri(scale=4, border=4))


__all__ = ["qr_svg_uri", "site_origin"]
