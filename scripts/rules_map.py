"""Write docs/rules-map.md: every numbered rule and commentary paragraph of the three games'
rules, each with the ids of the scenarios that test it, and the reason where none does.

    python -m scripts.rules_map            # rewrite docs/rules-map.md
    python -m scripts.rules_map --check    # exit 1 if the committed page is not what it writes

The rules are the catalogues of :mod:`tests.games.rules_index` (the WPBSA rules, sections 1-4)
and :mod:`tests.games.rules_catalogue` (the snooker commentary, crokinole, novuss); a scenario
(tests/games/<game>/scenarios/*.json) is listed under every rule its ``rule`` text cites
(:meth:`tests.games.rules_index.GameIndex.keys_of`). tests/games/test_rules_map.py checks that
the committed page is this script's output, that every id on it names a scenario and that every
rule a snooker scenario cites by number is on it.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from tests.games.rules_catalogue import CROKINOLE_RULES, NOVUSS_RULES, SNOOKER_COMMENTARY
from tests.games.rules_index import ROOT, SNOOKER_RULES, GameIndex, SeedRule

PAGE = ROOT / "docs" / "rules-map.md"
SCENARIOS = ROOT / "tests" / "games"

#: Why no scenario tests a rule whose catalogue entry says nothing (every rule without a scenario
#: must have a reason: :func:`render` refuses otherwise).
REASONS: dict[str, str] = {}


@dataclass(frozen=True)
class Part:
    """One table of the page: a game's rules from one source."""

    title: str
    source: str
    game: str
    rules: tuple[SeedRule, ...]


PARTS = (
    Part(
        "Snooker: the rules (sections 1-4)",
        "WPBSA, *Official Rules of the Games of Snooker and English Billiards*, sections 1 "
        "(equipment), 2 (definitions), 3 (the game), 4 (the players), cited by section and number "
        "(S3 R12 = section 3, rule 12; 12.16 = the sixteenth penalty of rule 12) as "
        "docs/rules/snooker.md numbers them.",
        "snooker",
        SNOOKER_RULES,
    ),
    Part(
        "Snooker: the referee's commentary",
        "A referee's commentary on the WPBSA rules, paragraph by paragraph where it decides "
        "something (K + the rule it comments on); the WPBSA text of S3 R14 holds the paragraphs on "
        "a foul before the stroke after a replace and on touching a ball while a miss is discussed.",
        "snooker",
        SNOOKER_COMMENTARY,
    ),
    Part(
        "Crokinole",
        "The basic rules of crokinole (players, discs, the shot, valid shots, scoring, the game to "
        "100) and the National Crokinole Association (NCA) / World Crokinole Championship (WCC) "
        "rules for the tournament variant, as docs/rules/crokinole.md states them.",
        "crokinole",
        CROKINOLE_RULES,
    ),
    Part(
        "Novuss",
        "The rules of novuss (set-up, direct and rebound strokes, light and dark discs, the "
        "penalty disc, loss of turn, four players) with the board of the Latvian Novuss Federation "
        "(LNF), as docs/rules/novuss.md states them.",
        "novuss",
        NOVUSS_RULES,
    ),
)


def index(game: str, rules: tuple[SeedRule, ...]) -> GameIndex:
    id_key = "id" if game == "snooker" else "name"
    return GameIndex(game, SCENARIOS / game / "scenarios", id_key, rules)


def cited(part: Part) -> dict[str, list[str]]:
    """Each rule's key -> the ids of the scenarios citing it, in file order."""
    idx = index(part.game, part.rules)
    out: dict[str, list[str]] = {r.key: [] for r in part.rules}
    for sc in idx.scenarios():
        for key in idx.keys_of(sc):
            if key in out:
                out[key].append(sc[idx.id_key])
    return out


def reason(rule: SeedRule) -> str:
    why = rule.elsewhere or REASONS.get(rule.key, "")
    if not why:
        raise ValueError(f"rule {rule.key} ({rule.title}) has no scenario and no reason why")
    return why


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def render() -> str:
    """The page (markdown)."""
    lines = [
        "# Rules map",
        "",
        "Every numbered rule and commentary paragraph of the rules the three referees implement,",
        "with the ids of the scenarios that test it (`tests/games/<game>/scenarios/*.json`; a",
        "scenario is listed under each rule its `rule` text cites). A rule no scenario tests says",
        "why: what tests it instead, or why there is nothing for software to decide. Written by",
        "`python -m scripts.rules_map`; `tests/games/test_rules_map.py` checks that this page is what",
        "the script writes, that every id on it names a scenario, and that every rule a snooker",
        "scenario cites by number is on it.",
        "",
    ]
    missing: list[tuple[str, SeedRule]] = []
    totals: list[str] = []
    for part in PARTS:
        ids = cited(part)
        tested = sum(1 for r in part.rules if ids[r.key])
        totals.append(f"{part.title}: {tested} of {len(part.rules)} rules tested by scenarios")
        lines += [f"## {part.title}", "", part.source, "", "| rule | what | scenarios |", "|---|---|---|"]
        for r in part.rules:
            found = ids[r.key]
            if found:
                cell = f"{len(found)}: " + ", ".join(f"`{_cell(i)}`" for i in found)
            else:
                cell = "**none**: " + _cell(reason(r))
                missing.append((part.title, r))
            lines.append(f"| {r.key} | {_cell(r.title)} | {cell} |")
        lines.append("")
    lines += ["## Rules with no scenario, and why", ""]
    for title, r in missing:
        lines.append(f"- {title}, **{r.key}** ({r.title}): {reason(r)}")
    lines += ["", "## Totals", ""]
    lines += [f"- {t}" for t in totals]
    return "\n".join(lines) + "\n"


def unknown_ids(text: str) -> list[str]:
    """The ids on a rules-map page (backquoted in a table's scenario column) that name no scenario
    of the game whose section they are in."""
    titles = {p.title: p.game for p in PARTS}
    known: dict[str, set[str]] = {}
    game = None
    out = []
    for line in text.splitlines():
        if line.startswith("## "):
            game = titles.get(line[3:])
            continue
        if game is None or not line.startswith("| ") or line.count(" | ") < 2:
            continue
        cell = line.rsplit(" | ", 1)[1]
        if cell.startswith("**none**"):
            continue
        ids = known.setdefault(game, scenario_ids(game))
        for name in cell.split("`")[1::2]:
            if name.replace("\\|", "|") not in ids:
                out.append(f"{game}: {name}")
    return out


def main(argv: list[str]) -> int:
    text = render()
    if "--check" in argv:
        if PAGE.read_text(encoding="utf-8") != text:
            print(f"{PAGE} is out of date: run python -m scripts.rules_map", file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(text, encoding="utf-8")
    return 0


def scenario_ids(game: str) -> set[str]:
    """Every scenario id (snooker) or name (crokinole, novuss) of ``game``."""
    idx = index(game, ())
    return {str(sc[idx.id_key]) for sc in idx.scenarios()}


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
