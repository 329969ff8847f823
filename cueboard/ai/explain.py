"""The AI's intentions as catalogue messages, so that a player reads them in their own language.

Each function returns a :class:`~cueboard.records.ruling.Call` whose key is an ``ai.<game>.*``
message of the app's catalogues (``cueboard/app/i18n/*.json``). Parameters ending in ``_key`` are
catalogue keys themselves (a ball's colour ``ball.<colour>``, a pocket ``pocket.<name>``), which
the page translates too; the others are numbers. :data:`KEYS` lists every key used here, and a
test checks that each catalogue holds them all.
"""

from __future__ import annotations

from typing import Final

from cueboard.records.ruling import Call

KEYS: Final = frozenset({
    "ai.snooker.pot", "ai.snooker.pot_free_ball", "ai.snooker.safety", "ai.snooker.break_off",
    "ai.snooker.hit", "ai.snooker.claim", "ai.snooker.concede", "ai.snooker.replace",
    "ai.snooker.put_back",
    "ai.crokinole.open_20", "ai.crokinole.takeout", "ai.crokinole.stick", "ai.crokinole.guard",
    "ai.crokinole.bank",
    "ai.novuss.pot", "ai.novuss.rebound", "ai.novuss.push", "ai.novuss.safety",
})

#: The pockets' names (snooker's seen from the baulk end, novuss's as the board is drawn).
POCKETS: Final = ("bottom-left", "bottom-right", "middle-left", "middle-right", "top-left", "top-right")


def pocket_key(name: str) -> str:
    """The catalogue key of a pocket's name."""
    return f"pocket.{name}"


def snooker_pot(colour: str, pocket: str, free_ball: bool = False) -> Call:
    """Pot the ``colour`` ball into ``pocket`` (as a free ball when ``free_ball``)."""
    key = "ai.snooker.pot_free_ball" if free_ball else "ai.snooker.pot"
    return Call(key, {"ball_key": f"ball.{colour}", "pocket_key": pocket_key(pocket)})


def snooker_safety(colour: str) -> Call:
    """A safety: a contact on the ``colour`` ball, the cue ball left where a pot is hard."""
    return Call("ai.snooker.safety", {"ball_key": f"ball.{colour}"})


def snooker_break_off() -> Call:
    """The break-off: off the side of the reds, the cue ball back to baulk."""
    return Call("ai.snooker.break_off")


def snooker_hit(colour: str) -> Call:
    """A firm shot at the ``colour`` ball (nothing better was found)."""
    return Call("ai.snooker.hit", {"ball_key": f"ball.{colour}"})


def snooker_claim() -> Call:
    """Claim the frame: only the black is left and the lead is more than 7 (S3 R4)."""
    return Call("ai.snooker.claim")


def snooker_concede(snookers: int) -> Call:
    """Concede the frame: ``snookers`` snookers are needed."""
    return Call("ai.snooker.concede", {"snookers": snookers})


def snooker_replace() -> Call:
    """After a foul and a miss: the balls replaced and the offender to play again (S3 R14)."""
    return Call("ai.snooker.replace")


def snooker_put_back() -> Call:
    """After a foul: the offender to play again from where the balls came to rest (S3 R12)."""
    return Call("ai.snooker.put_back")


def crokinole_open_20() -> Call:
    """An open shot at the 20-hole."""
    return Call("ai.crokinole.open_20")


def crokinole_takeout(points: int) -> Call:
    """Knock the opponent's disc in the ``points`` zone off the board."""
    return Call("ai.crokinole.takeout", {"points": points})


def crokinole_stick(points: int) -> Call:
    """Hit the opponent's disc in the ``points`` zone and stay on the board."""
    return Call("ai.crokinole.stick", {"points": points})


def crokinole_guard() -> Call:
    """A disc drawn behind a peg, shielded by it."""
    return Call("ai.crokinole.guard")


def crokinole_bank() -> Call:
    """A firm shot towards the centre off the pegs (no clear line)."""
    return Call("ai.crokinole.bank")


def novuss_pot(pocket: str) -> Call:
    """Pot one of the own discs into ``pocket`` directly."""
    return Call("ai.novuss.pot", {"pocket_key": pocket_key(pocket)})


def novuss_rebound(pocket: str) -> Call:
    """Pot one of the own discs into ``pocket`` off the far rail."""
    return Call("ai.novuss.rebound", {"pocket_key": pocket_key(pocket)})


def novuss_push() -> Call:
    """Move one of the own discs to a better place (no pot is on)."""
    return Call("ai.novuss.push")


def novuss_safety() -> Call:
    """A safety off the opposite rail, straight back (nothing else is on)."""
    return Call("ai.novuss.safety")
