"""The rules docs' table: every rule of the seed documents with the scenario ids that cite it.

``docs/rules/<game>.md`` holds the table between ``<!-- rules-table:start -->`` and
``<!-- rules-table:end -->``; ``tests/games/test_rules_docs.py`` checks it is the table this module
builds from the scenario files, so the docs stay true when scenarios are added. Rewrite it with
``python -m tests.games.rules_index <game> --write``.

A scenario is indexed under a rule when its ``rule`` text cites it: for snooker by seed 001's
numbering ("S3 R12", "S2 D16", "12.20", "R11, R14" after "S3"; a range "R2-R3" counts each), for
crokinole and novuss by the section of the rules they quote (each rule below lists the phrases
that name it).
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.games.scenario_files import load_scenario_files

ROOT = Path(__file__).resolve().parents[2]
START = "<!-- rules-table:start -->"
END = "<!-- rules-table:end -->"


@dataclass(frozen=True)
class SeedRule:
    """One rule of a seed: its key (as cited), its title, what tests it when no scenario does."""

    key: str
    title: str
    elsewhere: str = ""
    phrases: tuple[str, ...] = ()


#: Definitions no scenario cites, and what covers them.
_DEFINITION_ELSEWHERE = {
    2: "a game of frames is the match's best_of / aggregate_frames settings (S2 D3)",
    4: "the ball set: tests/games/snooker/test_rack.py",
    10: "ball in play / in hand: the in-hand scenarios under S2 D9",
}

SNOOKER_RULES: tuple[SeedRule, ...] = (
    SeedRule(
        "S1 R1",
        "Standard table (size, baulk line, D, spots, pockets)",
        "table geometry: tests/games/snooker/test_rack.py, test_physics_*.py",
    ),
    SeedRule("S1 R2", "Balls (diameter, weight, set)", "tests/games/snooker/test_rack.py, physics tests"),
    SeedRule("S1 R3", "Cue (length, tip)", "equipment, not judged by the referee (12.9 is)"),
    SeedRule("S1 R4", "Ancillary equipment (rests)", "equipment, not judged by the referee"),
    *(
        SeedRule(
            f"S2 D{n}", title, _DEFINITION_ELSEWHERE.get(n, ""), (r"deemed nominated",) if n == 12 else ()
        )
        for n, title in enumerate(
            (
                "Frame",
                "Game",
                "Match",
                "Balls",
                "Striker",
                "Stroke",
                "Pot",
                "Break",
                "In-hand",
                "Ball in play",
                "Ball on",
                "Nominated ball",
                "Free ball",
                "Forced off the table",
                "Foul",
                "Snookered",
                "Spot occupied",
                "Push stroke",
                "Jump shot",
                "Miss",
            ),
            start=1,
        )
    ),
    SeedRule("S3 R1", "Description of the game (values, order of play)"),
    SeedRule("S3 R2", "Positioning of the balls", "tests/games/snooker/test_rack.py"),
    SeedRule("S3 R3", "Mode of play (ball on, nomination, scoring, the break)"),
    SeedRule("S3 R4", "End of frame, game or match (re-spotted black)"),
    SeedRule("S3 R5", "Playing from hand (the D)"),
    SeedRule("S3 R6", "Hitting two balls simultaneously"),
    SeedRule("S3 R7", "Spotting colours"),
    SeedRule("S3 R8", "Touching ball"),
    SeedRule("S3 R9", "Ball on the edge of a pocket"),
    SeedRule("S3 R10", "Snookered after a foul (free ball)"),
    SeedRule("S3 R11", "Fouls"),
    SeedRule("S3 R12", "Penalties (groups (a)-(d))"),
    *(
        SeedRule(f"12.{n}", title)
        for n, title in enumerate(
            (
                "striking the cue ball more than once",
                "both feet off the floor",
                "playing out of turn",
                "playing improperly from hand",
                "missing all object balls",
                "potting the cue ball",
                "a snooker with the free ball",
                "a jump shot",
                "a non-standard cue",
                "conferring with a partner",
                "striking before the balls are at rest",
                "striking before a colour is respotted",
                "potting a ball not on",
                "first contact with a ball not on",
                "a push stroke",
                "touching a ball other than with the tip on the cue ball",
                "forcing a ball off the table",
                "using a ball off the table",
                "using an object to measure",
                "playing at a red after a red or a free ball",
                "using a ball other than the white",
                "failing to declare the ball on when asked",
                "a foul after a red before nominating",
            ),
            start=1,
        )
    ),
    SeedRule("S3 R13", "Play again"),
    SeedRule("S3 R14", "Foul and a miss", phrases=(r"\bmiss",)),
    SeedRule("S3 R15", "Ball moved by other than the striker"),
    SeedRule("S3 R16", "Stalemate"),
    SeedRule("S3 R17", "Four-handed snooker"),
    SeedRule("S3 R18", "Use of ancillary equipment", "equipment, not judged by the referee"),
    SeedRule(
        "S3 R19",
        "Interpretation (wheelchair players, colour-blind players)",
        "a matter for the referee at the table",
    ),
    SeedRule("S4 R1", "Time wasting", "a referee's judgement; its sanction is S4 R2-R3"),
    SeedRule("S4 R2", "Unsportsmanlike conduct (frame forfeited)"),
    SeedRule("S4 R3", "Penalty (offender's points lost, opponent gets the balls left)"),
    SeedRule("S4 R4", "Non-striker (stays out of the line of sight)", "conduct at the table, not judged"),
    SeedRule("S4 R5", "Absence from the arena", "conduct at the table, not judged"),
    SeedRule("S4 R6", "Concession"),
)

_CITE = re.compile(
    r"\bS([1-4])\s*([RD])(\d+)|\b([RD])(\d+)(?:\s*-\s*[RD]?(\d+))?|\b12\.(\d{1,2})\b|rule (\d+)\b"
)


def snooker_keys(text: str) -> set[str]:
    """The seed-001 rules a scenario's ``rule`` text cites."""
    keys: set[str] = set()
    section = "3"
    for m in _CITE.finditer(text):
        if m.group(1):
            section = m.group(1)
            first, last = int(m.group(3)), int(m.group(3))
            kind = m.group(2)
            tail = text[m.end() : m.end() + 6]
            rng = re.match(r"\s*-\s*[RD]?(\d+)", tail)
            if rng:
                last = int(rng.group(1))
            keys |= {f"S{section} {kind}{n}" for n in range(first, last + 1)}
        elif m.group(4):
            first = int(m.group(5))
            last = int(m.group(6)) if m.group(6) else first
            keys |= {f"S{section} {m.group(4)}{n}" for n in range(first, last + 1)}
        elif m.group(7):
            keys |= {"S3 R12", f"12.{int(m.group(7))}"}
        elif m.group(8) and "commentary to rule" in text:
            keys.add(f"S3 R{int(m.group(8))}")
    return keys


def phrase_keys(text: str, rules: tuple[SeedRule, ...]) -> set[str]:
    """The rules one of whose phrases (regular expressions) occurs in ``text``, ignoring case."""
    return {r.key for r in rules if any(re.search(p, text, re.IGNORECASE) for p in r.phrases)}


@dataclass(frozen=True)
class GameIndex:
    game: str
    folder: Path
    id_key: str
    rules: tuple[SeedRule, ...]

    def scenarios(self) -> list[dict[str, Any]]:
        return load_scenario_files(self.folder)

    def keys_of(self, scenario: dict[str, Any]) -> set[str]:
        keys = phrase_keys(scenario["rule"], self.rules)
        if self.game == "snooker":
            keys |= snooker_keys(scenario["rule"])
        return keys

    def table(self) -> str:
        """The markdown table: rule, title, scenario ids (or what tests it, marked)."""
        cited: dict[str, list[str]] = {r.key: [] for r in self.rules}
        for sc in self.scenarios():
            for key in self.keys_of(sc):
                if key in cited:
                    cited[key].append(sc[self.id_key])
        other = [sc[self.id_key] for sc in self.scenarios() if not self.keys_of(sc)]
        lines = ["| rule | what | scenarios |", "|---|---|---|"]
        for r in self.rules:
            ids = cited[r.key]
            if ids:
                cell = f"{len(ids)}: " + ", ".join(f"`{i}`" for i in ids)
            else:
                cell = "**no scenario**" + (f" ({r.elsewhere})" if r.elsewhere else "")
            lines.append(f"| {r.key} | {r.title} | {cell} |")
        if other:
            ids = ", ".join(f"`{i}`" for i in other)
            lines.append(f"| other | statistics, input checks, this page's decisions | {len(other)}: {ids} |")
        return "\n".join(lines)

    @property
    def doc(self) -> Path:
        return ROOT / "docs" / "rules" / f"{self.game}.md"

    def doc_table(self) -> str:
        text = self.doc.read_text(encoding="utf-8")
        return text.split(START, 1)[1].split(END, 1)[0].strip()

    def write(self) -> None:
        text = self.doc.read_text(encoding="utf-8")
        head, rest = text.split(START, 1)
        tail = rest.split(END, 1)[1]
        self.doc.write_text(f"{head}{START}\n{self.table()}\n{END}{tail}", encoding="utf-8")


def index_of(game: str) -> GameIndex:
    from tests.games.rules_catalogue import CROKINOLE_RULES, NOVUSS_RULES

    tests = ROOT / "tests" / "games"
    if game == "snooker":
        return GameIndex("snooker", tests / "snooker" / "scenarios", "id", SNOOKER_RULES)
    if game == "crokinole":
        return GameIndex("crokinole", tests / "crokinole" / "scenarios", "name", CROKINOLE_RULES)
    if game == "novuss":
        return GameIndex("novuss", tests / "novuss" / "scenarios", "name", NOVUSS_RULES)
    raise ValueError(f"unknown game '{game}' (snooker, crokinole, novuss)")


if __name__ == "__main__":
    index = index_of(sys.argv[1])
    if "--write" in sys.argv[2:]:
        index.write()
    else:
        print(index.table())
