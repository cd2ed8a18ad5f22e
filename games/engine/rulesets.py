"""Rulesets as data.

A ``Ruleset`` is a frozen dataclass; the engine reads its fields instead of branching on the
ruleset's name. ``make_ruleset(name, **overrides)`` returns a named ruleset with any fields
overridden one by one, so an event can run a variant, e.g.
``make_ruleset("mso", placement_rule="first-round")``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from .geometry import RADIUS_BY_PLAYERS

PLACEMENT_RULES = ("first-round", "touch")
BONUS_PER = ("colour", "placement")


@dataclass(frozen=True, slots=True)
class Ruleset:
    """What varies between the ways Ingenious is played.

    - ``players``: the player counts allowed (seats).
    - ``radius``: the board radius, or ``None`` for "by player count" (1-2: 5, 3: 6, 4: 7).
    - ``placement_rule``: ``"first-round"`` (standard: each player's first tile touches a start
      symbol no tile touches yet; later tiles anywhere) or ``"touch"`` (MSO: every tile touches a
      placed tile or a start symbol).
    - ``bonuses``: whether reaching 18 gives bonus placements at all.
    - ``bonus_per``: ``"colour"`` (two colours reaching 18 at once give two bonus placements) or
      ``"placement"`` (MSO: one placement gives at most one bonus placement).
    - ``track``: 18, or 36 for the double-length track (first board 0-18, then 18 + second board).
    - ``partners``: seats 0 and 2 against 1 and 3, each side sharing one track per colour.
    - ``rack_size``: tiles on a rack (solitaire: 1, i.e. draw one, place it).
    - ``swap_allowed``: whether a player may swap the rack.
    - ``flag_allowed``: whether ``flag`` actions (a player's time ran out) are allowed.
    """

    name: str
    players: tuple[int, ...]
    radius: int | None = None
    placement_rule: str = "first-round"
    bonuses: bool = True
    bonus_per: str = "colour"
    track: int = 18
    partners: bool = False
    rack_size: int = 6
    swap_allowed: bool = True
    flag_allowed: bool = False

    def __post_init__(self) -> None:
        problems = _problems(self)
        if problems:
            raise ValueError(f"ruleset {self.name!r}: " + "; ".join(problems))

    @property
    def default_players(self) -> int:
        return self.players[0]

    def board_radius(self, players: int) -> int:
        """Radius of the board used with this many players."""
        return self.radius if self.radius is not None else RADIUS_BY_PLAYERS[players]

    def sides(self, players: int) -> int:
        """Number of sides (scoring tracks) for this many players."""
        return 2 if self.partners else players

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.partners else seat

    def as_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["players"] = list(self.players)
        return d


def _problems(rs: Ruleset) -> list[str]:
    out: list[str] = []
    if not isinstance(rs.players, tuple) or not rs.players:
        out.append("players must be a non-empty tuple of player counts")
    elif any(type(p) is not int or not 1 <= p <= 4 for p in rs.players):
        out.append("player counts must be 1 to 4")
    elif rs.partners and rs.players != (4,):
        out.append("a partnership game needs exactly 4 players")
    if rs.radius is not None and (type(rs.radius) is not int or not 5 <= rs.radius <= 7):
        out.append("radius must be 5, 6, 7 or None (by player count)")
    if rs.placement_rule not in PLACEMENT_RULES:
        out.append(f"placement_rule must be one of {', '.join(PLACEMENT_RULES)}")
    if rs.bonus_per not in BONUS_PER:
        out.append(f"bonus_per must be one of {', '.join(BONUS_PER)}")
    if rs.track not in (18, 36) or type(rs.track) is not int:
        out.append("track must be 18 or 36")
    if type(rs.rack_size) is not int or not 1 <= rs.rack_size <= 6:
        out.append("rack_size must be 1 to 6")
    for name in ("bonuses", "partners", "swap_allowed", "flag_allowed"):
        if type(getattr(rs, name)) is not bool:
            out.append(f"{name} must be true or false")
    return out


RULESETS: dict[str, Ruleset] = {
    "standard": Ruleset(name="standard", players=(2, 3, 4)),
    "mso": Ruleset(
        name="mso",
        players=(2,),
        placement_rule="touch",
        bonus_per="placement",
        flag_allowed=True,
    ),
    "partnership": Ruleset(name="partnership", players=(4,), track=36, partners=True),
    "solitaire": Ruleset(
        name="solitaire",
        players=(1,),
        radius=5,
        bonuses=False,
        track=36,
        rack_size=1,
        swap_allowed=False,
    ),
}

#: Fields an override may change (everything but the name).
OVERRIDABLE: tuple[str, ...] = tuple(f.name for f in fields(Ruleset) if f.name != "name")


def make_ruleset(name: str, **overrides: Any) -> Ruleset:
    """The named ruleset with fields overridden, e.g. ``make_ruleset("mso", track=36)``.

    Raises ``ValueError`` for an unknown name, an unknown field or a bad value. ``players`` may
    be given as a list or a single int.
    """
    base = RULESETS.get(name)
    if base is None:
        raise ValueError(f"unknown ruleset {name!r} (known: {', '.join(RULESETS)})")
    unknown = sorted(set(overrides) - set(OVERRIDABLE))
    if unknown:
        raise ValueError(f"unknown ruleset option(s): {', '.join(unknown)}")
    if "players" in overrides:
        p = overrides["players"]
        overrides["players"] = (p,) if type(p) is int else tuple(p) if isinstance(p, list) else p
    if not overrides:
        return base
    return replace(base, **overrides)
