"""The rules of the crokinole and novuss seeds (seed 003, seed 004, as docs/rules/*.md state them),
each with the patterns (regular expressions, case-insensitive) by which a scenario's ``rule`` text
names it; see :mod:`tests.games.rules_index`."""

from __future__ import annotations

from tests.games.rules_index import SeedRule

CROKINOLE_RULES: tuple[SeedRule, ...] = (
    SeedRule(
        "C1",
        "Players: 2, or 4 in two partnerships sitting opposite",
        phrases=(r"2 players", r"4 players", r"partner", r"sit opposite"),
    ),
    SeedRule(
        "C2",
        "Discs: 12 each (a partnership 12, 6 each); tournament variant 8 each",
        phrases=(r"12 discs", r"8 discs", r"6 each", r"fixed number of discs", r"shot once a round"),
    ),
    SeedRule(
        "C3",
        "Play proceeds clockwise from a random starter; only the seat to move shoots",
        phrases=(r"clockwise", r"seat to move"),
    ),
    SeedRule(
        "C4",
        "Board: 20-hole, pegs, 15/10/5 zones, shooting line, quadrants, ditch; a disc touches a line "
        "when its edge reaches it",
        phrases=(r"\bBoard\b",),
    ),
    SeedRule(
        "C5",
        "The shot: from the shooting line, at least half the disc in the shooter's quadrant, flicked "
        "(a push is illegal); the board and seats not moved",
        "the shot's start is checked by the shot model: tests/games/crokinole/test_shot.py",
        phrases=(r"quadrant", r"flick"),
    ),
    SeedRule(
        "C6",
        "No opponent disc on the board: shoot at the 20-hole; a disc fully in the hole is removed "
        "and counts 20",
        phrases=(r"No opponent disc on the board", r"fully in the hole", r"20s taken off", r"open shot"),
    ),
    SeedRule(
        "C7",
        "No opponent disc: the shot disc must end in the 15-zone or touch the 15-line, else it is "
        "removed (WCC rule; a variant switch)",
        phrases=(r"WCC", r"15-zone", r"15-line", r"variant switch", r"switch"),
    ),
    SeedRule(
        "C8",
        "Opponent discs on the board: the shot must hit one, directly, by ricochet off pegs or "
        "discs, or by driving an own disc into it",
        phrases=(
            r"must hit",
            r"must-hit",
            r"directly or via",
            r"driving one of",
            r"hits an opponent disc is valid",
        ),
    ),
    SeedRule(
        "C9",
        "No opponent disc hit: the shot disc goes to the ditch with every disc of the shooter's side "
        "it (or its chain) touched",
        phrases=(
            r"no opponent disc is hit",
            r"of a miss",
            r"every disc of the shooter",
            r"chain it started",
            r"discs the shot touched",
        ),
    ),
    SeedRule(
        "C10",
        "After every shot every disc touching or outside the shooting line goes to the ditch",
        phrases=(r"shooting line", r"shooting-line"),
    ),
    SeedRule(
        "C11",
        "A disc leaning into the 20-hole stays where it is (scores 15); removed only when knocked fully in",
        phrases=(r"lean", r"knocked fully into the hole"),
    ),
    SeedRule(
        "C12",
        "A disc leaving the playing surface is out of play; one that comes back is removed, discs it "
        "hit stay",
        phrases=(r"leaving the playing surface", r"comes back", r"discs it hit stay"),
    ),
    SeedRule(
        "C13",
        "Scoring at the end of a round: 15/10/5 a disc by zone, a disc on a line the lower value, 20 "
        "per disc in the hole",
        phrases=(
            r"\bScoring\b(?! and game)",
            r"lower value",
            r"per disc in the hole",
            r"end of a round",
            r"20 per hole",
        ),
    ),
    SeedRule(
        "C14",
        "The side with the higher total scores the difference (equal totals: nothing)",
        phrases=(r"difference",),
    ),
    SeedRule(
        "C15",
        "Next round: started by the player to the left of the previous round's first shooter",
        phrases=(r"next round", r"to the left", r"next starter", r"Vòng tiếp theo"),
    ),
    SeedRule(
        "C16",
        "Winning: the first side to reach 100 (the target a setting)",
        phrases=(r"reach 100", r"100 wins", r"target", r"Chiến thắng", r"ends the game"),
    ),
    SeedRule(
        "C17",
        "Tournament variant (NCA/WCC): 4 rounds, 2 points for a round won, 1 each for a tie",
        phrases=(r"tournament", r"4 rounds", r"2 points", r"tied round", r"2/1/0"),
    ),
)

NOVUSS_RULES: tuple[SeedRule, ...] = (
    SeedRule(
        "N1",
        "Board: 1000 x 1000 mm, four corner pockets, edge zones 130 mm, central circle 250 mm",
        "board geometry: tests/games/novuss/test_geometry.py",
    ),
    SeedRule(
        "N2",
        "Set-up: 8 discs each against the rail opposite, 4 each side of the middle line; the striker "
        "placed in the player's edge zone",
        "the opening position and striker placement: tests/games/novuss/test_game.py, test_geometry.py",
        phrases=(r"placed anywhere", r"opening", r"striker is placed"),
    ),
    SeedRule(
        "N3",
        "An own disc pocketed with no foul: the player strikes again",
        phrases=(
            r"strike again",
            r"one or more of the player's own discs",
            r"Основні положення",
            r"'Set-up and turns'$",
        ),
    ),
    SeedRule(
        "N4",
        "Winning: the first to pocket all his discs (a team: all its discs)",
        phrases=(r"winning", r"wins", r"game ends", r"першими"),
    ),
    SeedRule(
        "N5",
        "Four players: two teams, partners opposite with one colour, turns clockwise",
        phrases=(r"Four players", r"four players", r"clockwise", r"one colour"),
    ),
    SeedRule(
        "N6",
        "Light and dark discs (central circle, own edge zone, the line seen through the hole)",
        phrases=(
            r"Light and dark discs' \((?:dark|the circle|the player's own edge)",
            r"Light and dark discs' and",
        ),
    ),
    SeedRule(
        "N7",
        "Direct stroke (first contact a disc) and rebound stroke (a rail first)",
        phrases=(r"direct and rebound strokes",),
    ),
    SeedRule(
        "N8",
        "Own dark discs moved only by a rebound off the opposite rail, a striker that first hit a "
        "light disc, or an own light disc pushed",
        phrases=(
            r"opposite rail\); seed",
            r"first hit a light disc",
            r"own light discs pushed",
            r"enforced by cases",
        ),
    ),
    SeedRule(
        "N9",
        "Penalty 1: a direct stroke touching none of the player's own discs",
        phrases=(r"'Penalty disc' 1\b",),
    ),
    SeedRule(
        "N10",
        "Penalty 2: the striker first touches an opponent's disc, or own and opponent's at once",
        phrases=(r"'Penalty disc' (?:1 and )?2\b",),
    ),
    SeedRule(
        "N11",
        "Penalty 3: the striker pocketed or over the rail",
        phrases=(r"'Penalty disc' 3\b", r"with cases 3"),
    ),
    SeedRule(
        "N12",
        "Penalty 4: a direct stroke hits an own dark disc (put back where it was)",
        phrases=(r"'Penalty disc' 4\b",),
    ),
    SeedRule(
        "N13",
        "Penalty 5: a direct stroke knocks an opponent's disc off the table (to the centre)",
        phrases=(r"'Penalty disc' 5\b", r"cases 3 and 5"),
    ),
    SeedRule(
        "N14",
        "Penalty 6: discs only in the central circle and own edge zone, a rebound not touching the "
        "opposite rail",
        phrases=(r"'Penalty disc' 6\b", r"and 6 \(rebound"),
    ),
    SeedRule("N15", "One penalty per stroke however many infractions", phrases=(r"one penalty",)),
    SeedRule(
        "N16",
        "The penalty disc: one of the pocketed discs, on the middle line of the opponent's edge zone "
        "against the rail, or next to it",
        phrases=(
            r"middle line",
            r"next to it",
            r"placement",
            r"edge zone on the opponent",
            r"edge zone opposite",
            r"pocketed discs\)",
        ),
    ),
    SeedRule(
        "N17",
        "All 8 discs on the table: the penalty is a debt, paid when he next pockets a disc",
        phrases=(r"debt",),
    ),
    SeedRule("N18", "Loss of turn 1: no own disc pocketed", phrases=(r"no own disc pocketed",)),
    SeedRule(
        "N19",
        "Loss of turn 2: an opponent's disc pocketed with an own one (both stay pocketed)",
        phrases=(r"together with an own one",),
    ),
    SeedRule(
        "N20",
        "Loss of turn 3: a direct stroke, no dark discs, the striker comes back into the player's edge zone",
        phrases=(r"comes back into", r"back in the player's edge zone", r"no dark discs", r"return-to-zone"),
    ),
    SeedRule(
        "N21",
        "Loss of turn 4: a disc over the rail goes to the centre, or a free point on the central "
        "circle's edge",
        phrases=(
            r"over the rail; it goes",
            r"each disc over the rail",
            r"centre or circle's edge",
            r"free point on the edge",
            r"the centre, or a free point",
            r"\(over the rail\)",
            r"any disc flies over the rail",
        ),
    ),
)
