"""Events of the Ingenious Challenges (issue 13, item 5): which challenge each round plays.

The event's ``ruleset_options`` hold the director's choices: ``"challenges"``, the sequence of
challenges the rounds play in turn ("card", "dice", "tile"; round n plays the n-th, the sequence
starting again when it runs out), ``"mode"`` (``"table"``: the arbiter enters what the table
shows, the default; ``"full"``: the site deals, rolls and draws, for online play) and, for the Dice
Challenge, ``"setup_roll"`` (false: the optional starting rule). A round's challenge is set from
the sequence when it is opened for pairing, and a director may change it while it is a draft.

The tournament floor does not import the challenges' core (``games.challenges``): the names of
the challenges are ``Round.Challenge``'s.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from tournament import effects
from tournament.acting import User, need_reason
from tournament.errors import Conflict, DomainError
from tournament.logs import log_write
from tournament.models.events import Event, Round
from tournament.permissions import require_director
from tournament.rounds.models import PairingChange

SEQUENCE = "challenges"
MODE = "mode"
SETUP_ROLL = "setup_roll"
OPTION_KEYS = (SEQUENCE, MODE, SETUP_ROLL)
CHALLENGES = tuple(c for c in Round.Challenge.values if c)
DEFAULT_SEQUENCE = list(CHALLENGES)
MODES = ("table", "full")
MAX_SEQUENCE = 30  # as many as an event may have rounds


def is_challenges(event: Event) -> bool:
    return event.ruleset == Event.Ruleset.CHALLENGES


def parse_sequence(text: str) -> list[str]:
    """A sequence as a director types it ("card, dice, tile"): the challenges' names in order."""
    return [part.strip().casefold() for part in text.replace(";", ",").split(",") if part.strip()]


def _check_sequence(value: object) -> None:
    if isinstance(value, str):
        value = parse_sequence(value)
    if not isinstance(value, list) or not value:
        raise DomainError(
            _("The challenges are a list such as card, dice, tile (at least one)."),
            field="ruleset_options",
        )
    if len(value) > MAX_SEQUENCE:
        raise DomainError(
            _("The sequence of challenges has at most %(max)s entries.") % {"max": MAX_SEQUENCE},
            field="ruleset_options",
        )
    for item in value:
        if item not in CHALLENGES:
            raise DomainError(
                _("%(value)s is not a challenge: the challenges are card, dice and tile.")
                % {"value": repr(item)},
                field="ruleset_options",
            )


def check_challenge_options(options: dict[str, Any], table_size: object) -> None:
    """An event of challenges: 3 or 4 players per table, so the table pairing seats it (its
    tables then hold 2 to 4: CHALLENGES.md); its sequence, mode and set-up."""
    if isinstance(table_size, bool) or table_size not in (3, 4):
        raise DomainError(
            _(
                "An event of challenges is paired at tables of 3 or 4 players (a table may "
                "then seat 2 to 4), not %(size)s."
            )
            % {"size": table_size},
            field="table_size",
        )
    unknown = sorted(set(options) - set(OPTION_KEYS))
    if unknown:
        raise DomainError(
            _("Ruleset options of challenges are %(known)s, not %(unknown)s.")
            % {"known": ", ".join(OPTION_KEYS), "unknown": ", ".join(unknown)},
            field="ruleset_options",
        )
    if SEQUENCE in options:
        _check_sequence(options[SEQUENCE])
    if options.get(MODE, "table") not in MODES:
        raise DomainError(
            _("The challenges' mode is table or full, not %(value)s.")
            % {"value": repr(options.get(MODE))},
            field="ruleset_options",
        )
    if not isinstance(options.get(SETUP_ROLL, True), bool):
        raise DomainError(
            _("setup_roll is true or false (the Dice Challenge's optional starting rule)."),
            field="ruleset_options",
        )


def sequence(event: Event) -> list[str]:
    """The challenges the event's rounds play in turn."""
    value = (event.ruleset_options or {}).get(SEQUENCE) or DEFAULT_SEQUENCE
    if isinstance(value, str):
        value = parse_sequence(value)
    return [c for c in value if c in CHALLENGES] or DEFAULT_SEQUENCE


def challenge_for(event: Event, number: int) -> str:
    """The challenge round ``number`` plays ("" for an event of board games)."""
    if not is_challenges(event):
        return ""
    chosen = sequence(event)
    return chosen[(number - 1) % len(chosen)]


def table_mode(event: Event) -> str:
    return str((event.ruleset_options or {}).get(MODE) or "table")


def setup_roll(event: Event) -> bool:
    return bool((event.ruleset_options or {}).get(SETUP_ROLL, True))


@transaction.atomic
def set_round_challenge(*, round_: Round, user: User, challenge: str, reason: str) -> Round:
    """A director changes the challenge a draft round plays (its tables are set up when it is
    published, so the change is free until then). Logged with the reason."""
    round_ = Round.objects.select_for_update().select_related("event").get(pk=round_.pk)
    require_director(user, round_.event)
    if not is_challenges(round_.event):
        raise DomainError(
            _("%(name)s is not an event of challenges.") % {"name": round_.event.name},
            field="challenge",
        )
    if round_.status not in (Round.Status.PAIRING, Round.Status.DRAFT):
        raise Conflict(
            _("Round %(number)s is published: its challenge can no longer change.")
            % {"number": round_.number},
            code="not_draft",
        )
    if challenge not in CHALLENGES:
        raise DomainError(
            _("Choose the card, dice or tile challenge, not %(value)s.")
            % {"value": repr(challenge)},
            field="challenge",
        )
    if challenge == round_.challenge:
        return round_
    reason = need_reason(reason, "the round's challenge changes")
    old = round_.challenge
    round_.challenge = challenge
    round_.save(update_fields=["challenge"])
    PairingChange.objects.create(
        round=round_,
        description=f"Challenge changed from {old or 'none'} to {challenge}",
        user=user if user.is_authenticated else None,
        reason=reason,
    )
    log_write(
        "round.challenge",
        user=user,
        event=round_.event_id,
        round=round_.number,
        old=old,
        new=challenge,
        reason=reason,
    )
    effects.draft_changed(round_.event_id, round_.number)
    return round_
