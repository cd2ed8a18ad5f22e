"""Pairing a round of a duplicate solitaire event (``Event.Ruleset.SOLITAIRE``; RULINGS.md,
"Events beyond two players").

Nobody meets anybody: every entrant playing the round gets a board of one seat (result "" until
their levels are in), and everybody draws the same tiles, dealt from the round's seed
(``Round.seed``, 63 random bits drawn when the round is opened; a draft deleted and paired again
gets a new one, a published round keeps its own). ``tournament.rounds.services`` opens, stores,
reviews and publishes the round as for pairs; requested byes and check-in absences get their
boards of one there. Results: :mod:`tournament.results.services`.
"""

import secrets
from collections.abc import Sequence

from django.utils.translation import gettext as _

from tournament.errors import DomainError
from tournament.models.events import Event
from tournament.pairing.model import PlayerState
from tournament.pairing.notes import note
from tournament.rounds.history import checked_in_ids, takes_part
from tournament.rounds.seating import Table
from tournament.rounds.table_pairing import PairedRound

SYSTEM = "solitaire"
SEED_BITS = 63  # Round.seed is a PositiveBigIntegerField


def is_solitaire(event: Event) -> bool:
    return event.ruleset == Event.Ruleset.SOLITAIRE


def seed_for(event: Event) -> int | None:
    """A new round's seed: random for a solitaire event (never guessable from the round), else
    none."""
    return new_seed() if is_solitaire(event) else None


def new_seed() -> int:
    """A round's tile seed (duplicate solitaire, duplicate boards): 63 random bits from the
    operating system, never guessable from the round."""
    return secrets.randbits(SEED_BITS)


def entrant_states(event: Event, number: int) -> list[PlayerState]:
    """Who plays round ``number``: every entry in starting-rank order, active or not, wanting a
    bye or not. No history: nobody is paired against anybody (and a two-player history cannot
    read the boards of one that solitaire results are)."""
    checked_in = checked_in_ids(event, number) if event.check_in_required else None
    return [
        PlayerState(
            id=entry.pk,
            rank=entry.starting_rank,
            active=takes_part(entry, number, checked_in),
            wants_bye=number in entry.requested_byes,
        )
        for entry in event.entries.order_by("starting_rank", "pk")
    ]


def pair_entrants(event: Event, number: int, states: Sequence[PlayerState]) -> PairedRound:
    """A board of one per entrant playing the round, in starting-rank order."""
    playing = sorted((s for s in states if s.active and not s.wants_bye), key=lambda s: s.rank)
    why = note(
        "duplicate solitaire, round %(round)s: the round's tile sequence, alone", round=number
    )
    tables = [Table([s.id], reasons=[why]) for s in playing]
    notes = [
        note("duplicate solitaire: %(entrants)s entrants play the same tiles", entrants=len(tables))
    ]
    return PairedRound(SYSTEM, tables, notes)


def refuse_swap(event: Event) -> None:
    """A solitaire draft has no seats to exchange: every entrant plays alone."""
    if is_solitaire(event):
        raise DomainError(
            _(
                "In duplicate solitaire everybody plays alone the same tiles: there are no "
                "seats to swap."
            ),
            code="solitaire_no_swap",
        )
