"""Text a request may carry: one pydantic type, :data:`SafeText`, for every string field of every
request model of the API.

A string is refused (422 naming the field) when it holds a character that cannot be stored and
read back on every database, or that has no business in a name, a code or a report:

- **control characters** (Unicode category Cc: U+0000–U+001F, U+007F–U+009F), NUL among them —
  PostgreSQL's text and JSON types cannot hold U+0000 at all ("PostgreSQL 16 documentation,
  8.3 Character Types" and "8.14 JSON Types"); no field of the API is a text of several lines,
  so a newline is refused too;
- **lone surrogates** (U+D800–U+DFFF alone, as a JSON ``"\\ud800"`` escape decodes): no UTF-8
  encoding exists for them (RFC 3629, section 3), so they can be neither stored nor answered;
- **noncharacters** (U+FDD0–U+FDEF and the last two code points of every plane: The Unicode
  Standard, section 23.7), which are not for interchange;
- **bidirectional embedding, override and isolate controls** (U+202A–U+202E, U+2066–U+2069),
  which make a name read differently from what it holds (Unicode Technical Report #36, section
  2.4; CVE-2021-42574, "Trojan Source").

OWASP ASVS 4.0 V5.1.4: structured data is validated against a defined schema, allowed
characters included.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any

from pydantic import AfterValidator, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema, PydanticCustomError

BIDI_CONTROLS = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))


def refused_reason(ch: str) -> str | None:
    """Why the character ``ch`` is refused in a request's text, or None when it is allowed."""
    code = ord(ch)
    if 0xD800 <= code <= 0xDFFF:
        return "a lone surrogate"
    if unicodedata.category(ch) == "Cc":
        return "a control character"
    if 0xFDD0 <= code <= 0xFDEF or (code & 0xFFFE) == 0xFFFE:
        return "a noncharacter"
    if ch in BIDI_CONTROLS:
        return "a bidirectional control"
    return None


def check_text(value: str) -> str:
    """``value`` when every character is allowed (:func:`refused_reason`), else a pydantic error
    naming the first refused character by its code point and position."""
    for i, ch in enumerate(value):
        reason = refused_reason(ch)
        if reason is not None:
            raise PydanticCustomError(
                "text_character", "the text holds {reason} (U+{code}) at position {position}: refused",
                {"reason": reason, "code": f"{ord(ch):04X}", "position": i})
    return value


def printable(text: str) -> str:
    """``text`` with every refused character written as its ``\\uXXXX`` escape: a message that
    quotes refused input can still be encoded and read."""
    if not any(refused_reason(ch) for ch in text):
        return text
    return "".join(f"\\u{ord(ch):04x}" if refused_reason(ch) else ch for ch in text)


#: The schema's account of the rule (the OpenAPI ``pattern`` of every such field), so that a client
#: generating requests from the schema knows what is refused. Surrogates and the noncharacters
#: beyond the first plane cannot be written in a JSON Schema pattern that every regular-expression
#: engine reads (a text of Unicode scalar values has no surrogate); they are refused all the same.
PATTERN = "^[^\\u0000-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069\\ufdd0-\\ufdef\\ufffe\\uffff]*$"


class _Documented:
    """Adds :data:`PATTERN` to a field's JSON schema."""

    def __get_pydantic_json_schema__(self, core: CoreSchema,
                                     handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        schema: dict[str, Any] = handler(core)
        schema["pattern"] = PATTERN
        return schema


#: A string of a request: refused (422 naming the field) when it holds a character of
#: :func:`refused_reason`.
SafeText = Annotated[str, AfterValidator(check_text), _Documented()]

__all__ = ["SafeText", "check_text", "printable", "refused_reason"]
