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

#: The referee's commentary in seed 001 (a Ukrainian edition of the WPBSA rules with a referee's
#: notes), paragraph by paragraph where it decides something, each keyed "K" + the rule it
#: comments on; with the phrases by which a scenario's ``rule`` text cites it. ``elsewhere``:
#: why no scenario tests it.
SNOOKER_COMMENTARY: tuple[SeedRule, ...] = (
    SeedRule(
        "K D6",
        "Stroke: touching any ball with the tip after the start of the frame is using it as the cue "
        "ball (7, S3 R12(d) 12.21)",
        phrases=(r"12\.21", r"ball other than the white", r"wrong_cue_ball"),
    ),
    SeedRule(
        "K D9",
        "In hand: a foul while placing the cue ball still held leaves it in hand; placed and let go, "
        "then a foul: play from where it lies",
        phrases=(r"let go", r"still held", r"still holding", r"'nostroke placed'"),
    ),
    SeedRule(
        "K R8",
        "Touching ball: every touching red announced; play away without moving it; a touching ball "
        "moved by a dip in the cloth is no push; touching a ball not on, hit a ball on first",
        phrases=(r"touching ball", r"touching red", r"touching colour", r"touching a ball not on"),
    ),
    SeedRule(
        "K R9",
        "Ball on the edge of a pocket: a fall that caused the foul is not penalised; a ball "
        "balancing briefly then falling counts as potted",
        phrases=(r"commentary to rule 9",),
    ),
    SeedRule(
        "K R10",
        "Free ball: void once the offender is asked to play again; it exists only for the incoming "
        "player",
        phrases=(r"free ball is (then )?void", r"free ball .*gone", r"put the offender in .*free ball"),
    ),
    SeedRule(
        "K 12.1",
        "Striking the cue ball twice: usually a miscue or a push",
        "a person's call (manual foul 'struck_twice'); the scenarios cite 12.1 itself",
    ),
    SeedRule(
        "K 12.2",
        "Feet: one foot on the floor until the cue ball leaves the tip (wheelchair players excepted)",
        "a person's call (manual foul 'feet_off_floor'); the scenarios cite 12.2 itself",
    ),
    SeedRule(
        "K 12.3",
        "Out of turn: the wrong partner in four-handed play, or the offender playing after the "
        "opponent chose to play",
        phrases=(r"commentary to 12\.3",),
    ),
    SeedRule(
        "K 12.4",
        "Improperly from hand: e.g. the cue ball placed outside the D",
        phrases=(r"outside the D",),
    ),
    SeedRule(
        "K 12.19",
        "Measuring: no object (chalk on the cushion, a ball off the table) to measure a gap or a line",
        "a person's call (manual fouls 'measured', 'used_ball_off_table'); the scenarios cite 12.18-12.19",
    ),
    SeedRule(
        "K 12.20",
        "A red clipped while playing at a nominated colour: the usual penalty, the maximum only if "
        "the ball on was the black",
        phrases=(r"commentary to 12\.20",),
    ),
    SeedRule(
        "K 12.22",
        "Declaring: the ball on must be declared when the referee asks or the position requires "
        "(colours in line, a free ball)",
        phrases=(r"free ball must (always )?be nominated", r"12\.22"),
    ),
    SeedRule(
        "K R14 purpose",
        "The miss rule is against careless or unfair play out of a snooker, not a source of points",
        "the purpose of the rule; software calls the miss by the fixed tests of rules/snooker.md",
    ),
    SeedRule(
        "K R14 attempt",
        "A genuine attempt: playing towards a ball on with enough strength to reach it through the "
        "obscuring balls; no path at all (buried in reds): no miss for a proper attempt",
        phrases=(r"impossible", r"no straight, one- or two-cushion"),
    ),
    SeedRule(
        "K R14 replace",
        "After a foul and a miss the next player may have the offender play again from the "
        "original position, with the same ball on (a red; the colour when no reds remain; the "
        "colour of the striker's choice after a red)",
        phrases=(
            r"balls (are )?replaced", r"same ball on", r"position replaced", r"restored", r"replace(s|d)? the"
        ),
    ),
    SeedRule(
        "K R14 clear path",
        "A clear straight path to any part of a ball that is or could be on: a miss unless snookers "
        "were needed before or after the stroke and the miss was not intended",
        phrases=(r"clear (straight )?path", r"in plain sight", r"open position"),
    ),
    SeedRule(
        "K R14 snookers needed",
        "No miss as a rule when either player needs snookers before the stroke or after the penalty",
        phrases=(r"snookers (are |were )?needed", r"needing snookers", r"needs snookers", r"need snookers"),
    ),
    SeedRule(
        "K R14 full ball",
        "A full-ball contact available: a second failure from the same position is a miss whatever "
        "the score; the offender is warned; a third failure loses the frame",
        phrases=(r"full.ball", r"third (miss|failure)", r"warning", r"warned"),
    ),
    SeedRule(
        "K R14 foul before the stroke",
        "After the cue ball was replaced with a clear path, a foul on any ball while preparing: no "
        "miss without a stroke; the penalty; (a) play or have the offender play again from where "
        "the balls lie, (b) have the original position restored, (c) a warning stays in force",
        phrases=(r"foul before the stroke after", r"foul before the stroke", r"no miss without a stroke"),
    ),
    SeedRule(
        "K R14 discretion",
        "In any other position the miss is at the referee's discretion",
        phrases=(r"strictness amateur", r"snookered-misses", r"without a full-ball contact"),
    ),
    SeedRule(
        "K R14 automatic",
        "When to call a miss at once: too soft, too hard, an isolated ball chosen, two cushions "
        "where one would do, a lower-value colour to save points, another ball hit on the way, a "
        "careless stroke",
        "judgements of intent; the professional strictness calls every failure a miss save the "
        "three exceptions of rules/snooker.md, which covers these cases",
    ),
    SeedRule(
        "K R14 difficult stroke",
        "No miss for a difficult but justified, measured stroke (played from a ball, the cue ball "
        "passing close to another)",
        "a referee's judgement; in software the exceptions of rules/snooker.md decide",
    ),
    SeedRule(
        "K R14 standard",
        "The same standard for calling a miss throughout an event, set by its level",
        "the strictness setting (professional / amateur / off) is that standard; the scenarios "
        "cite its cases",
    ),
    SeedRule(
        "K R14 moved balls",
        "After a miss and a replace, object balls moved stay unless that gives the offender an "
        "advantage; colours wrongly off the table are respotted",
        "software replaces every ball as it was (a referee's judgement of advantage it cannot make); "
        "the replace scenarios check the whole position",
    ),
    SeedRule(
        "K R14 restoring",
        "How the referee restores the position (the cue ball and the nearest obscuring ball exactly, "
        "a cluster of reds alike)",
        "the referee's craft at the table; software restores the stored position exactly",
    ),
    SeedRule(
        "K R14 consultation",
        "Balls moved after a miss: both players consulted, the referee decides; a player touching a "
        "ball during it is penalised as if he were the striker, the order of play unchanged, the "
        "ball replaced",
        phrases=(r"discussed after a miss", r"miss's position is discussed", r"consultation"),
    ),
    SeedRule(
        "K R14 intentions",
        "The next player may ask the referee which balls other than the cue ball he would move on "
        "a replace",
        "a question at the table; software replaces every ball",
    ),
    SeedRule(
        "K R14 amateur 2004",
        "Amateur rule of 2004: after two misses from a total snooker, a third gives the next player "
        "also ball in hand",
        "a former amateur rule the WPBSA text does not hold; not implemented",
    ),
    SeedRule(
        "K R14 effort",
        "After a miss the offender must show a genuine effort at every attempt, else S2 D20, S4 R2 "
        "apply",
        "a referee's judgement of effort; its sanction is the forfeit (S4 R2-R3), which scenarios "
        "test",
    ),
    SeedRule(
        "K R15",
        "Moved by another: includes the striker made to move a ball by an outside event or a "
        "non-partner; no one is penalised for a ball the referee moves",
        phrases=(r"outside agency", r"moved by (the )?(non-striker|another|someone else)", r"moved_by_other"),
    ),
    SeedRule(
        "K R17",
        "Four-handed: the offender plays again when asked even if that skips his partner; partners "
        "may confer only between turns",
        phrases=(r"four-handed", r"partner"),
    ),
    SeedRule(
        "K R19",
        "No referee appointed: the opponent acts as referee; the score is posted after each break",
        "who referees a social game is outside software; the scoreboard is that referee's tool",
    ),
)
