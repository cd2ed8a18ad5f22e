"""``Game``: one game of Ingenious, the engine's façade.

A ``Game`` is replayed one action (a dict of RECORD-FORMAT.md) at a time with ``apply``. The data
is a ``position.Position``; the rules are functions in ``rules``, ``placing``, ``drawing`` and
``phases``, and ``movegen`` lists the legal placements.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from . import phases, rules
from .faults import fail
from .movegen import legal_placements
from .position import OVER, PLACE, Position
from .rulesets import Ruleset, make_ruleset
from .score_track import run_points
from .tiles import CODE_LETTER, COLOURS, ORDERED


class Game(Position):
    """The state of one game of Ingenious under a ``Ruleset``.

    Create with ``Game.new(ruleset, players, mode)``; feed actions with ``apply``.
    """

    __slots__ = ()

    # the rules' functions themselves, as methods: no wrapper call on the hot paths
    apply = rules.apply
    may_swap = phases.may_swap

    @classmethod
    def new(
        cls,
        ruleset: Ruleset | str,
        players: int | None = None,
        mode: str = "board",
        names: list[str] | None = None,
    ) -> Game:
        """A new game. ``ruleset`` is a ``Ruleset`` or a name; ``players`` defaults to the
        ruleset's smallest player count (``len(names)`` if names are given)."""
        rs = make_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        if players is None:
            players = len(names) if names else rs.default_players
        return cls(rs, players, mode, names)

    # ------------------------------------------------------------------ whose turn

    @property
    def to_move(self) -> int | None:
        """The seat expected to act next (``None`` when the game is over).

        In board mode after a turn's placements the next seat is named, although the seat that
        just placed may still swap (see ``swap_seat``).
        """
        return phases.to_move(self)

    @property
    def turn_seat(self) -> int | None:
        """The seat whose turn is in progress (or whose placements just ended)."""
        return phases.turn_seat(self)

    @property
    def bonus_owed(self) -> int:
        """Bonus placements the turn's seat still has to make."""
        return phases.bonus_owed(self)

    @property
    def swap_seat(self) -> int | None:
        """The seat that may swap now (timing only; eligibility depends on the rack)."""
        return phases.swap_seat(self)

    def result(self) -> dict[str, Any]:
        """The summary the command line prints for a legal record (without "file")."""
        return {
            "valid": True,
            "over": self.phase == OVER,
            "scores": self.scores,
            "to_move": self.to_move,
            "winner": self.winner,
            "plies": self.plies,
        }

    # ------------------------------------------------------------------ looking ahead

    def preview(self, tile: str, cells: list[str]) -> dict[str, Any]:
        """What placing ``tile`` on ``cells`` would score for the seat to move, without applying
        it. Returns {"points": capped gain per colour, "raw": points counted per colour,
        "scores": the side's track after, "bonus": bonus placements earned}. Raises
        ``IllegalAction`` if the placement is illegal now."""
        seat = self.to_move
        if seat is None:
            fail(self, "GAME_OVER", "the game is over")
        if self.full and self.phase != PLACE:
            fail(self, "NOT_YOUR_TURN", "no placement is due now")
        g = self.copy()
        before = g._scores[g.side_of_seat[seat]][:]
        g.apply({"type": "place", "player": seat, "tile": tile, "cells": list(cells)})
        after = g._scores[g.side_of_seat[seat]][:]
        c1, c2, _k = ORDERED[tile]
        geo = self.geo
        a, b = geo.index[cells[0]], geo.index[cells[1]]
        p1 = run_points(self.board, geo.scoring_lines[a][b], c1)
        p2 = run_points(self.board, geo.scoring_lines[b][a], c2)
        l1, l2 = CODE_LETTER[c1], CODE_LETTER[c2]
        raw = {l1: p1 + p2} if c1 == c2 else {l1: p1, l2: p2}
        points = {ch: after[COLOURS.index(ch)] - before[COLOURS.index(ch)] for ch in raw}
        earned = phases.bonus_earned(self, before, after, c1, c2)
        return {"points": points, "raw": raw, "scores": after, "bonus": earned}

    def legal_placements(self, tiles: Iterable[str] | None = None) -> list[dict[str, Any]]:
        """Legal ``place`` actions for the seat to move (see ``movegen.legal_placements``)."""
        return legal_placements(self, tiles)
