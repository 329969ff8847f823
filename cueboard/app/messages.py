"""Message catalogues: every text of the web app, in English, Ukrainian, Russian, Chinese
(Traditional) and Vietnamese (cueboard/app/i18n/<lang>.json, flat ``key -> text`` with ``{name}``
parameters). The page loads them from /api/i18n/<lang>; the server uses them for its own messages
(errors answered in the language the request asks for)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

from cueboard.errors import SettingsError

#: Language codes and their names in that language.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "uk": "Українська",
    "ru": "Русский",
    "zh-Hant": "繁體中文",
    "vi": "Tiếng Việt",
}
DEFAULT_LANGUAGE = "en"
_DIR = Path(__file__).with_name("i18n")


class UnknownLanguageError(SettingsError):
    """A language without a catalogue."""

    code: ClassVar[str] = "unknown-language"


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The catalogue of ``lang`` (UnknownLanguageError listing the languages otherwise)."""
    if lang not in LANGUAGES:
        raise UnknownLanguageError(f"unknown language '{lang}' (choose one of: {', '.join(LANGUAGES)})")
    data: dict[str, str] = json.loads((_DIR / f"{lang}.json").read_text(encoding="utf-8"))
    return data


def pick_language(requested: str | None, accept: str | None = None) -> str:
    """The language to answer in: ``requested`` when known, else the first known one of an
    Accept-Language header, else English."""
    if requested in LANGUAGES:
        return requested
    for part in (accept or "").split(","):
        code = part.split(";")[0].strip()
        if code in LANGUAGES:
            return code
        base = code.split("-")[0].lower()
        if code.lower() in ("zh-tw", "zh-hk", "zh-hant"):
            return "zh-Hant"
        if base in LANGUAGES:
            return base
    return DEFAULT_LANGUAGE


def translate(lang: str, key: str, params: Mapping[str, Any] | None = None, game: str | None = None) -> str:
    """The text of ``key`` in ``lang`` with its parameters filled in; a parameter whose name ends
    in ``_key`` is itself a key, translated first (``reason_key`` fills ``{reason}``). With a
    ``game``, a text ``"<game>:<key>"`` overrides ``key`` (a crokinole round, a novuss game where
    snooker has a frame), as on the page. Missing keys fall back to English, then to the key
    itself. With a true ``pair`` parameter (the side named is two players, "Bo and Di") the
    text ``"<key>_pair"`` is taken where ``lang`` has one, so that the verb agrees with them
    ("Bo and Di win", "побеждают"; Chinese and Vietnamese verbs do not change with number: their
    ``_pair`` texts are the singular ones) — as the page's i18n.js chooses."""
    cat = catalogue(lang)
    english = catalogue(DEFAULT_LANGUAGE)
    if game is not None and f"{game}:{key}" in english:
        key = f"{game}:{key}"
    if params and params.get("pair") and f"{key}_pair" in cat:
        key = f"{key}_pair"
    text = cat.get(key) or english.get(key) or key
    values: dict[str, Any] = {}
    for name, value in (params or {}).items():
        if name.endswith("_key") and isinstance(value, str):
            values[name[:-4]] = translate(lang, value, game=game)
        else:
            values[name] = value
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):
        return text
