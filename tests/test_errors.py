"""The error tree: one base, stable codes, no bare ``ValueError`` raised by the package.

Every error cueboard raises for bad input is a ``CueboardInputError`` (a ``ValueError``, as
python-chess's move errors are), and every error class carries a code from
``cueboard.errors.CODES`` — the web app's RFC 9457 problem types. Codes are public: the list
below is the published one, so renaming or dropping a code fails here on purpose.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import cueboard
from cueboard import errors
from cueboard.errors import (
    CODES,
    CueboardError,
    CueboardInputError,
    MoveError,
    PositionError,
    RecordError,
    SettingsError,
    StrikeError,
    UnknownGameError,
    all_codes,
)

#: The published codes, in CODES's order. A new code is added at its place; none is ever renamed.
PUBLISHED = (
    "cueboard-error", "invalid-input", "unknown-game", "invalid-settings", "invalid-record", "not-json",
    "invalid-cmn", "invalid-strike", "invalid-position", "invalid-discs", "invalid-shape",
    "illegal-placement", "illegal-choice", "illegal-move", "illegal-shot", "illegal-stroke",
    "inconsistent-outcome", "inconsistent-report", "unreadable-report", "unknown-level", "unknown-language",
    "invalid-agent", "invalid-batch", "match-state", "not-found", "stale-version", "scorer-changed",
    "body-too-large", "body-timeout", "rate-limited", "online-refused", "access-denied",
    "invitation-unavailable", "clock-expired", "event-limit", "store-unavailable", "ai-unavailable",
    "ai-busy", "ai-failed", "batch-failed",
)

PACKAGE = Path(cueboard.__file__).parent
#: Modules not imported here: ``__main__`` runs the CLI; alembic's migration environment only
#: runs inside alembic.
NOT_IMPORTED = re.compile(r"(\.__main__$|^cueboard\.store\.migrations\.)")


def _every_error_class() -> list[type[CueboardError]]:
    for info in pkgutil.walk_packages([str(PACKAGE)], "cueboard."):
        if not NOT_IMPORTED.search(info.name):
            importlib.import_module(info.name)
    found: list[type[CueboardError]] = []
    todo: list[type[CueboardError]] = [CueboardError]
    while todo:
        cls = todo.pop()
        if cls.__module__.startswith("cueboard") and cls not in found:
            found.append(cls)
        todo.extend(cls.__subclasses__())
    return found


@pytest.fixture(scope="module")
def error_classes() -> list[type[CueboardError]]:
    return _every_error_class()


def test_the_codes_are_the_published_ones() -> None:
    assert all_codes() == PUBLISHED
    assert set(CODES) == set(PUBLISHED)
    for code, title in CODES.items():
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", code), f"{code!r} is not a kebab-case slug"
        assert title[:1].isupper(), f"{code}: its title {title!r} is a sentence"


def test_every_error_class_carries_a_published_code(error_classes: list[type[CueboardError]]) -> None:
    assert len(error_classes) > 30  # the walk found the package's classes, not just this module's
    for cls in error_classes:
        assert cls.code in CODES, f"{cls.__module__}.{cls.__qualname__}: code {cls.code!r} is not in CODES"


def test_each_code_names_one_kind_of_error(error_classes: list[type[CueboardError]]) -> None:
    """A code is declared by one class only (its subclasses may share it): two unrelated errors
    never answer with the same problem type."""
    declared: dict[str, list[str]] = {}
    for cls in error_classes:
        if "code" in vars(cls):
            declared.setdefault(cls.code, []).append(f"{cls.__module__}.{cls.__qualname__}")
    twice = {code: names for code, names in declared.items() if len(names) > 1}
    assert not twice


def test_input_errors_and_only_they_are_value_errors(error_classes: list[type[CueboardError]]) -> None:
    """Input errors are ValueErrors (the app's ValueError handler answers them with 422); a
    computation that could not finish (the engine's event limit, a store or an AI worker
    unavailable) is not, so that it is never answered as the client's fault."""
    for cls in error_classes:
        assert issubclass(cls, ValueError) == issubclass(cls, CueboardInputError), cls


def _bare_value_errors(path: Path) -> list[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and node.exc is not None:
            exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            if isinstance(exc, ast.Name) and exc.id == "ValueError":
                lines.append(node.lineno)
    return sorted(lines)


def test_the_package_raises_no_bare_value_error() -> None:
    """Every refusal is a CueboardInputError subclass with a code, never a plain ValueError."""
    found = {
        str(path.relative_to(PACKAGE.parent)): lines
        for path in sorted(PACKAGE.rglob("*.py"))
        if (lines := _bare_value_errors(path))
    }
    assert found == {}


def test_the_grep_sees_a_bare_value_error(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("def f(x):\n    if x:\n        raise ValueError('no')\n    raise ValueError\n")
    assert _bare_value_errors(sample) == [3, 4]


def test_moved_classes_keep_their_old_homes() -> None:
    from cueboard.games.snooker import physics
    from cueboard.records import base

    assert base.RecordError is RecordError
    assert physics.PositionError is PositionError
    assert cueboard.RecordError is RecordError
    assert cueboard.UnknownGameError is UnknownGameError


def test_the_package_errors_sit_in_their_families() -> None:
    """The memberships docs/api.md lists: catching a family catches these."""
    from cueboard.ai.agent import AgentError
    from cueboard.ai.noise import UnknownLevelError
    from cueboard.app.messages import UnknownLanguageError
    from cueboard.batch.tasks import BatchInputError
    from cueboard.engine.disc_shot import DiscInputError
    from cueboard.engine.world import ShapeError
    from cueboard.games.crokinole.errors import IllegalShotError, OutcomeError
    from cueboard.games.novuss.referee import IllegalStrokeError
    from cueboard.games.novuss.scoreboard import ReportError as NovussReportError
    from cueboard.games.snooker.scoreboard import ReportError as SnookerReportError
    from cueboard.records.reading import NotJSONError

    families = {
        RecordError: (NotJSONError,),
        SettingsError: (UnknownLevelError, UnknownLanguageError, AgentError, BatchInputError, ShapeError),
        PositionError: (DiscInputError,),
        MoveError: (IllegalShotError, OutcomeError, IllegalStrokeError, NovussReportError,
                    SnookerReportError),
    }
    for family, members in families.items():
        for member in members:
            assert issubclass(member, family), f"{member.__qualname__} is not a {family.__name__}"
            assert member.code != family.code


# --- scenarios with known answers -------------------------------------------------------------


def test_an_unknown_game_names_the_installed_ones() -> None:
    with pytest.raises(UnknownGameError, match="pool") as caught:
        cueboard.get_game("pool")
    assert caught.value.code == "unknown-game"
    assert isinstance(caught.value, ValueError)
    assert "snooker" in str(caught.value)


def test_a_restitution_over_one_is_a_settings_error() -> None:
    """A coefficient of restitution lies in [0, 1] (a bounce cannot give back more energy)."""
    from cueboard.games.snooker.physics_params import SnookerPhysics

    with pytest.raises(SettingsError, match="bed_restitution must be between 0 and 1") as caught:
        SnookerPhysics(bed_restitution=1.5)
    assert caught.value.code == "invalid-settings"


def test_novuss_for_three_is_refused_by_its_settings() -> None:
    """Novuss is played one against one or two against two (LNF rules, Set-up and turns)."""
    game = cueboard.get_game("novuss")
    with pytest.raises(SettingsError, match="2 or 4 players, not 3"):
        game.new_position({"players": 3}, first=0)


def test_snooker_for_three_is_refused_naming_the_setting() -> None:
    """Snooker is played by two players or two pairs (WPBSA Rules, Section 3 Rule 17, fours)."""
    game = cueboard.get_game("snooker")
    with pytest.raises(SettingsError, match="setting 'players': Input should be 2 or 4") as caught:
        game.new_position({"players": 3})
    assert caught.value.code == "invalid-settings"
    with pytest.raises(SettingsError, match="setting 'bogus'"):
        game.new_position({"bogus": 1})


def test_a_strike_out_of_its_bounds_or_not_a_number_is_a_strike_error() -> None:
    game = cueboard.get_game("crokinole")
    position = game.new_position({"players": 2}, first=0)
    with pytest.raises(StrikeError, match=r"strike speed 99\.0 is outside") as caught:
        game.make_strike(position, {"speed": 99.0})
    assert caught.value.code == "invalid-strike"
    with pytest.raises(StrikeError, match="strike speed 'fast' is not a number"):
        game.make_strike(position, {"speed": "fast"})
    with pytest.raises(StrikeError, match="unknown strike parameter"):
        game.make_strike(position, {"power": 1.0})


def test_a_piece_id_twice_is_a_record_error_naming_the_field() -> None:
    from cueboard.games.crokinole import CrokinolePosition
    from cueboard.records.base import parse_record

    start = cueboard.get_game("crokinole").new_position({"players": 2}, first=0)
    data = start.model_dump(mode="json")
    disc = {"id": "d1", "kind": "disc", "owner": 0, "x": 0.1, "y": 0.0, "state": "on_table"}
    data["pieces"] = [disc, disc]
    with pytest.raises(RecordError, match="piece id 'd1' appears twice") as caught:
        parse_record(CrokinolePosition, data)
    assert caught.value.field == "pieces"
    assert caught.value.code == "invalid-record"


def test_text_that_is_not_json_has_its_own_code() -> None:
    from cueboard.records.reading import loads_json

    with pytest.raises(RecordError) as caught:
        loads_json("{not json", "the sample")
    assert caught.value.code == "not-json"


def test_the_next_frame_before_this_one_ends_is_an_illegal_move() -> None:
    """A snooker frame ends with its last ball (WPBSA S2 D1): the next frame cannot start before."""
    from cueboard.games.snooker.match import next_frame

    position = cueboard.get_game("snooker").new_position({}, first=0)
    with pytest.raises(MoveError, match="the frame is not over") as caught:
        next_frame(position)
    assert caught.value.code == "illegal-move"


def test_every_input_error_is_caught_as_one_thing() -> None:
    """``except cueboard.CueboardInputError`` catches every refusal, whatever its family."""
    for cls in (SettingsError, RecordError, MoveError, PositionError, UnknownGameError,
                StrikeError, errors.PlacementError, errors.ChoiceError):
        with pytest.raises(CueboardInputError):
            raise cls("refused")
