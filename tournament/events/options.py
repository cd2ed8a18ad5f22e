"""Which of the event form's fields apply to an event, by its ruleset, its players per table and
its pairing system; and the rules' options as the form's own fields (issue 28: no raw JSON).

The board game's engine (``games.engine.rulesets``) takes overrides of a ruleset's fields. The
form asks for those a director chooses: the placement rule, the bonus placements, the board, the
score track, the rack and the swap. It asks for no ``players`` (the players per table decide
them), no ``partners`` (the partnership ruleset does) and no ``flag_allowed`` (the site runs a
clock for every game and records a flag under any ruleset: games/recording/setup.py). An event
of the Challenges takes the Challenges' own options instead (``tournament.rounds.challenges``):
the challenges round by round, how the tables are recorded, the Dice Challenge's set-up.

One description serves the form (its fields' ``required``, the options it stores, what it
ignores), the page (the fields shown at first) and the page's script (``spec``: the fields it
shows and hides as the director changes the ruleset, the table size or the system).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine.rulesets import RULESETS, Ruleset, make_ruleset
from tournament.models.events import Event
from tournament.rounds import challenges as challenge_rounds

MSO = Event.Ruleset.MSO.value
STANDARD = Event.Ruleset.STANDARD.value
PARTNERSHIP = Event.Ruleset.PARTNERSHIP.value
SOLITAIRE = Event.Ruleset.SOLITAIRE.value
CHALLENGES = Event.Ruleset.CHALLENGES.value
ALL_RULESETS = (MSO, STANDARD, PARTNERSHIP, SOLITAIRE, CHALLENGES)
BOARD_GAMES = (MSO, STANDARD, PARTNERSHIP, SOLITAIRE)
WITH_A_RACK = (MSO, STANDARD, PARTNERSHIP)  # solitaire draws one tile and places it
PAIRED = (MSO, STANDARD, PARTNERSHIP, CHALLENGES)  # solitaire pairs nobody

# How a board is seated: two sides (players or partnership teams), a table of 3 or 4, alone.
PAIRS, TABLES, ALONE = "pairs", "tables", "alone"
EVERY_SEATING = (PAIRS, TABLES, ALONE)
SWISS_OR_AUTO = (Event.PairingSystem.AUTO.value, Event.PairingSystem.SWISS.value)
PAIRING_SYSTEMS = tuple(Event.PairingSystem.values)

#: The players per table a director chooses, ruleset by ruleset (the first: a new event's).
TABLE_SIZES: dict[str, tuple[int, ...]] = {STANDARD: (2, 3, 4), CHALLENGES: (4, 3)}
#: The rulesets whose table size the ruleset itself fixes.
FIXED_TABLE_SIZE: dict[str, int] = {MSO: 2, PARTNERSHIP: 4, SOLITAIRE: 1}


@dataclass(frozen=True)
class Applies:
    """A field applies to an event of one of ``rulesets``, seated one of ``seating``, paired by
    one of ``systems`` (None: by any)."""

    rulesets: tuple[str, ...] = ALL_RULESETS
    seating: tuple[str, ...] = EVERY_SEATING
    systems: tuple[str, ...] | None = None

    def to(self, ruleset: str, seating: str, system: str) -> bool:
        if ruleset not in self.rulesets or seating not in self.seating:
            return False
        return self.systems is None or system in self.systems


#: The fields that do not apply to every event (the others always do).
FIELDS: dict[str, Applies] = {
    "table_size": Applies(rulesets=tuple(TABLE_SIZES)),
    # The board game's rules.
    "placement_rule": Applies(rulesets=BOARD_GAMES),
    "bonus_placements": Applies(rulesets=WITH_A_RACK),
    "board_radius": Applies(rulesets=BOARD_GAMES),
    "track": Applies(rulesets=BOARD_GAMES),
    "rack_size": Applies(rulesets=WITH_A_RACK),
    "swap_allowed": Applies(rulesets=WITH_A_RACK),
    # Fair clocks: the board game's clocks (the Challenges are played without the site's).
    "clock_lag_cap_ms": Applies(rulesets=BOARD_GAMES),
    "clock_lag_bank_ms": Applies(rulesets=BOARD_GAMES),
    # Spectators' delay on online boards: the board game's (games/spectating).
    "online_delay_seconds": Applies(rulesets=BOARD_GAMES),
    "online_delay_placements": Applies(rulesets=BOARD_GAMES),
    # Online boards' alerts (games/presence): the board game's clocks.
    "online_disconnect_alert_seconds": Applies(rulesets=BOARD_GAMES),
    "online_first_move_seconds": Applies(rulesets=BOARD_GAMES),
    "online_absent_lose": Applies(rulesets=BOARD_GAMES),
    # Communication between partners: the partnership game's alone.
    "online_partners_see_racks": Applies(rulesets=(PARTNERSHIP,)),
    "online_long_think_seconds": Applies(rulesets=BOARD_GAMES),
    # The Challenges' own.
    "challenge_sequence": Applies(rulesets=(CHALLENGES,)),
    "challenge_mode": Applies(rulesets=(CHALLENGES,)),
    "dice_setup": Applies(rulesets=(CHALLENGES,)),
    # Pairing: solitaire pairs nobody; the acceleration is the pairs' Swiss's (the tables' Swiss
    # has none); players are kept apart by a Swiss (an all-play-all meets everyone anyway).
    "pairing_system": Applies(rulesets=PAIRED),
    "acceleration": Applies(rulesets=PAIRED, seating=(PAIRS,), systems=SWISS_OR_AUTO),
    "keep_apart": Applies(rulesets=PAIRED, systems=SWISS_OR_AUTO),
    # A pairing-allocated bye: none in solitaire; a Challenge's bye scores nothing (CHALLENGES.md).
    "bye_value": Applies(rulesets=(MSO, STANDARD, PARTNERSHIP)),
    # A requested bye at a Challenge plays no challenge and scores nothing either.
    "requested_bye_points": Applies(rulesets=BOARD_GAMES),
    # The Challenges' tally breaks its ties by its own rules (games.challenges.tally).
    "tiebreak_preset": Applies(rulesets=BOARD_GAMES),
    "tiebreak_custom": Applies(rulesets=BOARD_GAMES),
}


def seating_of(ruleset: str, table_size: object) -> str:
    """How the event's boards are seated: pairs, tables (3 or 4) or alone."""
    if ruleset == SOLITAIRE:
        return ALONE
    if ruleset in (MSO, PARTNERSHIP):
        return PAIRS
    if ruleset == CHALLENGES:
        return TABLES
    return PAIRS if str(table_size) in ("", "2", "None") else TABLES


def applies(name: str, ruleset: str, table_size: object, system: str) -> bool:
    """Whether the form's field ``name`` applies to such an event."""
    rule = FIELDS.get(name)
    return rule is None or rule.to(ruleset, seating_of(ruleset, table_size), system)


# ---------------------------------------------------------------- the board game's options

#: The form's fields of the engine's options, and the engine's fields they set.
ENGINE_FIELDS = (
    "placement_rule",
    "bonus_placements",
    "board_radius",
    "track",
    "rack_size",
    "swap_allowed",
)
ENGINE_KEYS: tuple[str, ...] = ("placement_rule", "bonuses", "bonus_per", "radius", "track")
ENGINE_KEYS += ("rack_size", "swap_allowed")
NO_BONUS = "none"
YES, NO = "yes", "no"


def engine_values(ruleset: Ruleset) -> dict[str, Any]:
    """The form's values of a ruleset (its overrides applied)."""
    return {
        "placement_rule": ruleset.placement_rule,
        "bonus_placements": ruleset.bonus_per if ruleset.bonuses else NO_BONUS,
        "board_radius": "" if ruleset.radius is None else str(ruleset.radius),
        "track": str(ruleset.track),
        "rack_size": str(ruleset.rack_size),
        "swap_allowed": YES if ruleset.swap_allowed else NO,
    }


def _engine_keys(field: str, value: Any) -> dict[str, Any]:
    """The engine's fields one form field sets."""
    if field == "bonus_placements":
        return {"bonuses": False} if value == NO_BONUS else {"bonuses": True, "bonus_per": value}
    if field == "board_radius":
        return {"radius": int(value) if value else None}
    if field in ("track", "rack_size"):
        return {field: int(value)}
    if field == "swap_allowed":
        return {field: value == YES}
    return {field: value}


def engine_options(ruleset: str, values: dict[str, Any], stored: dict[str, Any]) -> dict[str, Any]:
    """The overrides of ``ruleset`` the form's ``values`` (the fields that apply and were sent)
    ask for: those that differ from the ruleset's own, and those the event stored already (sent
    back unchanged, an event keeps its options as they were). What no value sets stays as
    stored (no bonus placements leave the stored ``bonus_per`` as it was)."""
    base = RULESETS[ruleset]
    wanted: dict[str, Any] = {}
    for field, value in values.items():
        wanted |= _engine_keys(field, value)
    options = {k: v for k, v in stored.items() if k in ENGINE_KEYS and k not in wanted}
    for key, value in wanted.items():
        if value != getattr(base, key) or key in stored:
            options[key] = value
    return options


# ---------------------------------------------------------------- the Challenges' options

DICE_ROLL, DICE_NO_ROLL = "roll", "no-roll"
CHALLENGE_FIELDS = ("challenge_sequence", "challenge_mode", "dice_setup")


def challenge_values(options: dict[str, Any]) -> dict[str, Any]:
    """The form's values of an event of challenges' options."""
    sequence = options.get(challenge_rounds.SEQUENCE) or challenge_rounds.DEFAULT_SEQUENCE
    if isinstance(sequence, str):
        sequence = challenge_rounds.parse_sequence(sequence)
    setup_roll = options.get(challenge_rounds.SETUP_ROLL, True)
    return {
        "challenge_sequence": ", ".join(str(c) for c in sequence),
        "challenge_mode": str(options.get(challenge_rounds.MODE) or "table"),
        "dice_setup": DICE_ROLL if setup_roll is not False else DICE_NO_ROLL,
    }


def challenge_options(values: dict[str, Any], stored: dict[str, Any]) -> dict[str, Any]:
    """The Challenges' options the form's values (those sent) ask for: those that differ from
    the defaults, and those the event stored already; what no value sets stays as stored."""
    wanted: dict[str, Any] = {}
    if "challenge_sequence" in values:
        sequence = challenge_rounds.parse_sequence(values["challenge_sequence"])
        wanted[challenge_rounds.SEQUENCE] = sequence or challenge_rounds.DEFAULT_SEQUENCE
    if "challenge_mode" in values:
        wanted[challenge_rounds.MODE] = values["challenge_mode"]
    if "dice_setup" in values:
        wanted[challenge_rounds.SETUP_ROLL] = values["dice_setup"] != DICE_NO_ROLL
    defaults = {
        challenge_rounds.SEQUENCE: challenge_rounds.DEFAULT_SEQUENCE,
        challenge_rounds.MODE: "table",
        challenge_rounds.SETUP_ROLL: True,
    }
    options = {k: v for k, v in stored.items() if k not in wanted}
    for key, value in wanted.items():
        if value != defaults[key] or key in stored:
            options[key] = value
    return options


# ---------------------------------------------------------------- both kinds, one way

#: Every option field of the form: the board game's, then the Challenges'.
OPTION_FIELDS = (*ENGINE_FIELDS, *CHALLENGE_FIELDS)


def option_fields(ruleset: str) -> tuple[str, ...]:
    """The option fields of an event of ``ruleset`` (none: a ruleset without options)."""
    if ruleset == CHALLENGES:
        return CHALLENGE_FIELDS
    return ENGINE_FIELDS if ruleset in BOARD_GAMES else ()


def ruleset_options(ruleset: str, values: dict[str, Any], stored: dict[str, Any]) -> dict[str, Any]:
    """The options of an event of ``ruleset`` its option fields' ``values`` ask for (see
    :func:`engine_options` and :func:`challenge_options`)."""
    if ruleset == CHALLENGES:
        return challenge_options(values, stored)
    return engine_options(ruleset, values, stored)


def form_values(ruleset: str, options: dict[str, Any]) -> dict[str, Any]:
    """The option fields' values of an event of ``ruleset`` with ``options``: its own for the
    fields of its ruleset, a new event's for the others."""
    values = engine_values(RULESETS[MSO]) | challenge_values({})
    if ruleset == CHALLENGES:
        return values | challenge_values(options)
    try:
        values |= engine_values(make_ruleset(ruleset, **options))
    except (TypeError, ValueError):  # options the engine refuses: the ruleset's own then
        values |= engine_values(RULESETS[ruleset])
    return values


def unmanaged(options: dict[str, Any]) -> dict[str, Any]:
    """Stored options the form has no field for (``players`` given through the API, say)."""
    managed = {*ENGINE_KEYS, *challenge_rounds.OPTION_KEYS}
    return {key: value for key, value in options.items() if key not in managed}


def spec(event: Event | None) -> dict[str, Any]:
    """What the page's script reads: which field applies where, the table sizes, and each
    ruleset's option values (the event's own for its ruleset) to set when the ruleset changes."""
    defaults: dict[str, dict[str, Any]] = {}
    for ruleset in ALL_RULESETS:
        own = event.ruleset_options if event is not None and event.ruleset == ruleset else {}
        values = form_values(ruleset, dict(own or {}))
        fields = option_fields(ruleset)
        defaults[ruleset] = {n: values[n] for n in fields if ruleset in FIELDS[n].rulesets}
    return {
        "fields": {
            name: {
                "rulesets": list(rule.rulesets),
                "seating": list(rule.seating),
                "systems": None if rule.systems is None else list(rule.systems),
            }
            for name, rule in FIELDS.items()
        },
        "seating": {"pairs": [MSO, PARTNERSHIP], "tables": [CHALLENGES], "alone": [SOLITAIRE]},
        "tableSizes": {ruleset: list(sizes) for ruleset, sizes in TABLE_SIZES.items()},
        "defaults": defaults,
    }
