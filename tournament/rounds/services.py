"""Rounds: pairing (by a worker), the director's draft edits, publication, round status."""

import logging
from dataclasses import replace
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Count
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament import effects
from tournament.acting import User, lock_event, need_reason, refuse_open_round
from tournament.checkin import selectors as checkin_selectors
from tournament.effects import round_published
from tournament.errors import Conflict, DomainError
from tournament.events.log import note as event_note
from tournament.events.services import check_round_robin_rounds, refresh_event_status
from tournament.logs import log_write
from tournament.models.events import Board, Entry, Event, Result, Round
from tournament.models.tables import Seat
from tournament.models.where import EventPlayed, Played, RoundPlayed, resolve
from tournament.pairing.model import NoPairingError
from tournament.pairing.notes import Note, note
from tournament.pairing.systems import pair_round
from tournament.permissions import require_director
from tournament.restrictions.selectors import kept_apart
from tournament.rounds import challenges as challenge_rounds
from tournament.rounds import seating, solitaire, table_pairing
from tournament.rounds import tables as table_selectors
from tournament.rounds.history import player_states, requested_bye_result
from tournament.rounds.models import PairingChange
from tournament.rounds.review import board_warnings, describe_board
from tournament.rounds.seating import Table
from tournament.rounds.selectors import (
    boards_of,
    last_round,
    next_board_number,
    pairing_silence,
    unfinished_boards,
)
from tournament.rounds.table_pairing import PairedRound
from tournament.rounds.tables import at_tables

logger = logging.getLogger(__name__)


class UnfinishedRoundError(DomainError):
    """The next round cannot be paired: boards of the last round have no result."""

    def __init__(self, round_: Round, boards: list[Board]) -> None:
        listed = "; ".join(describe_board(b) for b in boards)
        super().__init__(
            f"Round {round_.number} is not finished: {len(boards)} board(s) have no result: "
            f"{listed}.",
            code="round_unfinished",
        )
        self.boards = [b.number for b in boards]

    def as_dict(self) -> dict[str, object]:
        return {**super().as_dict(), "boards": self.boards}


@transaction.atomic
def start_pairing(*, event: Event, user: User) -> Round:
    """Open the next round for pairing, after checking it may be paired now."""
    require_director(user, event)
    event = lock_event(event)
    refuse_open_round(event, "publish or delete it first")
    last = last_round(event)
    number = (last.number if last else 0) + 1
    if number > event.rounds:
        raise DomainError(
            _("All %(rounds)s rounds of %(name)s are paired.")
            % {"rounds": event.rounds, "name": event.name}
        )
    if at_tables(event):
        table_pairing.check_table_rounds(event)
    if not solitaire.is_solitaire(event):  # alone: no all-play-all's table to fit
        check_round_robin_rounds(event, number)
    if last is not None:
        unfinished = list(unfinished_boards(last))
        if unfinished:
            raise UnfinishedRoundError(last, unfinished)
    states = _states(event, number)
    playing = sum(1 for s in states if s.active and not s.wants_bye)
    if event.check_in_required and playing < 2:
        raise DomainError(
            _(
                "Round %(number)s needs at least two players checked in who are not on a "
                "bye; checked in so far: %(count)s. Check players in by hand, or wait."
            )
            % {"number": number, "count": playing},
            code="too_few_checked_in",
        )
    if sum(1 for s in states if s.active and not s.wants_bye) < 2:
        raise DomainError(
            _("Round %(number)s needs at least two active players who are not on a bye.")
            % {"number": number}
        )
    round_ = Round.objects.create(
        event=event,
        number=number,
        status=Round.Status.PAIRING,
        pairing_requested_at=timezone.now(),
        challenge=challenge_rounds.challenge_for(event, number),  # "" unless challenges
        seed=solitaire.seed_for(event),  # None unless duplicate solitaire
    )
    effects.draft_changed(event.pk, number)  # a round of this number deleted before is news too
    return round_


def request_pairing(*, event: Event, user: User) -> Round:
    """Open the next round and have a worker compute its draft (after this commits)."""
    with transaction.atomic():
        round_ = start_pairing(event=event, user=user)
        effects.enqueue("tournament.tasks.compute_pairing", round_.pk)
    return round_


def retry_pairing(*, round_: Round, user: User) -> bool:
    """Queue the pairing task again for a round whose task has stopped reporting (lost with its
    worker, say); logged among the round's pairing changes. A round no longer being paired (the
    task finished meanwhile, or the round was deleted) is left alone: False. Running the task
    twice is harmless (see ``compute_draft``)."""
    require_director(user, round_.event)
    with transaction.atomic():
        locked = Round.objects.select_for_update().filter(pk=round_.pk).first()
        if locked is None or locked.status != Round.Status.PAIRING or locked.pairing_error:
            return False
        silent = pairing_silence(locked)
        if silent is None:
            raise Conflict(
                _(
                    "The pairing task of round %(number)s reported less than "
                    "%(TASK_STALE_SECONDS)s s ago: wait for it."
                )
                % {"number": locked.number, "TASK_STALE_SECONDS": settings.TASK_STALE_SECONDS},
                code="pairing_running",
            )
        Round.objects.filter(pk=locked.pk).update(pairing_requested_at=timezone.now())
        PairingChange.objects.create(
            round=locked,
            description=f"Pairing task queued again: it had not reported for {silent} s",
            user=user if user.is_authenticated else None,
            reason="the pairing task stopped reporting",
        )
        effects.draft_changed(locked.event_id, locked.number)  # its silence starts again
        effects.enqueue("tournament.tasks.compute_pairing", locked.pk)
    logger.warning("pairing task of round %s re-queued after %s s of silence", locked.pk, silent)
    return True


def _states(event: Event, number: int) -> list[Any]:
    """The entries' records before round ``number``: table states at tables, else pair states
    (both say ``id``, ``rank``, ``active`` and ``wants_bye``)."""
    if solitaire.is_solitaire(event):  # alone: no history to pair by
        return solitaire.entrant_states(event, number)
    if at_tables(event):
        return table_selectors.table_states(event, number)
    return player_states(event, number)


def _pair(event: Event, number: int, states: list[Any]) -> PairedRound:
    """The round's games and pairing-allocated byes: tables, or pairs by the pairing core."""
    if solitaire.is_solitaire(event):  # a board of one per entrant
        return solitaire.pair_entrants(event, number, states)
    if at_tables(event):
        return table_pairing.pair_tables(event, number, states)
    pairing = pair_round(
        states, number, event.rounds, event.pairing_system, acceleration=event.acceleration or None
    )
    _check_pairing(states, pairing.pairings)
    tables = [
        Table(
            [p.first] if p.second is None else [p.first, p.second],
            Result.BYE if p.second is None else "",
            reasons=p.reasons,
        )
        for p in pairing.pairings
    ]
    if event.ruleset == Event.Ruleset.PARTNERSHIP:  # two teams a table, partners opposite
        tables = [
            replace(t, entries=[*t.entries] * 2) if len(t.entries) == 2 else t for t in tables
        ]
    return PairedRound(pairing.system, tables, list(pairing.notes))


def _progress(round_: Round, percent: int, error: str = "") -> None:
    # Written outside any transaction so the polling page sees it while the pairing runs; the
    # time tells the director's page the task is alive.
    Round.objects.filter(pk=round_.pk, status=Round.Status.PAIRING).update(
        pairing_progress=percent, pairing_error=error, pairing_reported_at=timezone.now()
    )
    effects.draft_changed(round_.event_id, round_.number)


def compute_draft(round_id: int) -> Round | None:
    """Pair a round opened by ``start_pairing`` and store the draft; the task calls this.

    The draft's boards: the games, then the pairing-allocated bye(s) (worth the event's bye
    value), then the requested half-point byes. A failed pairing leaves the round "being
    paired" with its error for the director, who deletes it and tries again. Running twice,
    one after the other or at once, stores one draft: the broker delivers the task again when
    its worker died, and a director may retry a silent task."""

    round_ = Round.objects.select_related("event").filter(pk=round_id).first()
    if round_ is None or round_.status != Round.Status.PAIRING or round_.pairing_error:
        return round_
    event = round_.event
    _progress(round_, 10)
    states = _states(event, round_.number)
    _progress(round_, 30)
    try:
        paired = _pair(event, round_.number, states)
    except (NoPairingError, DomainError) as exc:
        _progress(round_, 100, f"No pairing: {exc.message}")
        return Round.objects.get(pk=round_id)
    except Exception as exc:  # a bug in the core must not leave the page waiting forever
        logger.exception("pairing round %s of %s failed", round_.number, event.slug)
        _progress(round_, 100, f"The pairing failed: {exc}")
        return Round.objects.get(pk=round_id)
    _progress(round_, 80)
    with transaction.atomic():
        round_ = Round.objects.select_for_update().filter(pk=round_id).first()
        if round_ is None or round_.status != Round.Status.PAIRING or round_.boards.exists():
            return round_
        tables = list(paired.tables)
        wanting = sorted((s for s in states if s.active and s.wants_bye), key=lambda s: s.rank)
        entries = Entry.objects.in_bulk([s.id for s in wanting])
        for state in wanting:
            result = requested_bye_result(entries[state.id], round_.number)
            why = note(
                "requested bye (%(points)s) in round %(round)s",
                points=_BYE_WORDS[result],
                round=round_.number,
            )
            tables.append(Table([state.id], result, reasons=[why]))
        seating.seat_boards(round_, tables, first_number=1)
        if event.check_in_required:
            _check_in_absences(round_, states, len(tables))
        round_.status = Round.Status.DRAFT
        round_.pairing_progress = 100
        round_.system = paired.system
        round_.notes = [n.as_json() for n in paired.notes]
        round_.save(update_fields=["status", "pairing_progress", "system", "notes"])
        effects.draft_changed(round_.event_id, round_.number)
    return round_


_BYE_WORDS: dict[str, Note] = {
    Result.HALF_BYE: note("½ point"),
    Result.FULL_BYE: note("1 point"),
    Result.ABSENT: note("0 points"),
}


def _check_in_absences(round_: Round, states: list[Any], last_board: int) -> None:
    """Boards of one, absent (0 points), after the others, for the entries the pairing left
    out because they did not check in for the round (tournament/checkin/services.py)."""
    inactive = {s.id for s in states if not s.active}
    missing = checkin_selectors.not_checked_in(round_.event, round_.number)
    why = note("did not check in for round %(round)s", round=round_.number)
    tables = [Table([e.pk], Result.ABSENT, reasons=[why]) for e in missing if e.pk in inactive]
    seating.seat_boards(round_, tables, first_number=last_board + 1)


def _check_pairing(states: list[Any], pairings: list[Any]) -> None:
    """The core's answer must seat only active players, once each; else it is a bug."""
    allowed = {s.id for s in states if s.active and not s.wants_bye}
    seated: list[int] = []
    for p in pairings:
        seated += [p.first] + ([p.second] if p.second is not None else [])
    if len(seated) != len(set(seated)) or not set(seated) <= allowed:
        raise RuntimeError("the pairing seats a player twice or a player who may not play")


@transaction.atomic
def delete_draft(*, round_: Round, user: User) -> None:
    """Throw away a draft (or a failed pairing) so the round can be paired again."""
    round_ = _lock_round(round_, user)
    if round_.status not in (Round.Status.PAIRING, Round.Status.DRAFT):
        raise Conflict(
            _("Round %(number)s is published: its pairings stand.") % {"number": round_.number},
            code="round_published",
        )
    log_write("round.delete", user=user, event=round_.event_id, round=round_.number)
    effects.draft_changed(round_.event_id, round_.number)
    round_.delete()


def _lock_round(round_: Round, user: User) -> Round:
    """The round under the event's lock, then its own (always in that order: no deadlocks).
    Another request may have deleted it while this one waited for the event's lock."""
    require_director(user, round_.event)
    lock_event(round_.event)
    locked = Round.objects.select_for_update().select_related("event")
    found = locked.filter(pk=round_.pk).first()
    if found is None:
        raise Conflict(
            _("Round %(number)s's draft was deleted meanwhile: reload.")
            % {"number": round_.number},
            code="round_deleted",
        )
    return found


def _lock_draft(round_: Round, user: User) -> Round:
    """The draft, locked (see :func:`_lock_round`)."""
    round_ = _lock_round(round_, user)
    if round_.status != Round.Status.DRAFT:
        raise Conflict(
            _("Round %(number)s is not a draft: only drafts can be changed.")
            % {"number": round_.number},
            code="not_draft",
        )
    return round_


@transaction.atomic
def swap_players(
    *, round_: Round, user: User, first: Entry, second: Entry, reason: str
) -> PairingChange:
    """Exchange two players' seats in a draft. On one board this swaps their seats (for a pair:
    who moves first); across boards each takes the other's seat (a bye moves with the seat).
    Warnings (rematch or repeated table-mates, first-move or first-seat imbalance, second bye)
    are logged with the change and the reason."""
    round_ = _lock_draft(round_, user)
    solitaire.refuse_swap(round_.event)  # everybody plays alone: no seat to exchange
    reason = need_reason(reason, "the pairing is being changed")
    if first.pk == second.pk:
        raise DomainError(_("Choose two different players."), field="second")
    boards = {b.pk: b for b in boards_of(round_).select_for_update(of=("self",))}
    order = {pk: table_selectors.seated_ids(b) for pk, b in boards.items()}
    seats = {
        entry: (boards[pk], n) for pk, seated in order.items() for n, entry in enumerate(seated)
    }
    for field, entry in (("first", first), ("second", second)):
        if entry.pk not in seats:
            raise DomainError(
                _("%(name)s is not paired in round %(number)s.")
                % {"name": entry.player.name, "number": round_.number},
                field=field,
            )
        board = seats[entry.pk][0]
        if board.result == Result.ABSENT and round_.number not in entry.requested_byes:
            raise DomainError(
                _(
                    "%(name)s did not check in for round %(number)s: check them in and "
                    "pair again instead."
                )
                % {"name": entry.player.name, "number": round_.number},
                field=field,
            )
        if board.result in (Result.HALF_BYE, Result.FULL_BYE, Result.ABSENT):
            raise DomainError(
                _(
                    "%(name)s asked for a bye in round %(number)s: change the "
                    "requested byes and pair again instead."
                )
                % {"name": entry.player.name, "number": round_.number},
                field=field,
            )
    board_a, seat_a = seats[first.pk]
    board_b, seat_b = seats[second.pk]
    order[board_a.pk][seat_a] = second.pk
    order[board_b.pk][seat_b] = first.pk
    if round_.event.ruleset == Event.Ruleset.PARTNERSHIP:  # a team's two seats move together
        swap = {first.pk: second.pk, second.pk: first.pk}
        for pk in {board_a.pk, board_b.pk}:
            order[pk] = [swap.get(e, e) for e in table_selectors.seated_ids(boards[pk])]
    if board_a.pk == board_b.pk:
        changed = [board_a]
        description = (
            f"Board {board_a.number}: {first.player.name} and {second.player.name} swapped seats"
            if len(order[board_a.pk]) > 2
            else f"Board {board_a.number}: swapped who moves first"
        )
    else:
        changed = [board_a, board_b]
        description = (
            f"Swapped {first.player.name} (board {board_a.number}) and "
            f"{second.player.name} (board {board_b.number})"
        )
    for board in changed:
        seating.reseat(board, order[board.pk], reason=reason)
    warnings = _swap_warnings(round_, [b.pk for b in changed])
    effects.draft_changed(round_.event_id, round_.number)
    return PairingChange.objects.create(
        round=round_,
        description=description[:300],
        warnings=warnings,
        user=user if user.is_authenticated else None,
        reason=reason,
    )


def _swap_warnings(round_: Round, board_ids: list[int]) -> list[str]:
    """The changed boards' warnings, recomputed from the records before the round."""
    event = round_.event
    found = boards_of(round_).in_bulk(board_ids)
    boards = [found[pk] for pk in board_ids]
    if at_tables(event):
        states = {s.id: s for s in table_selectors.table_states(event, round_.number)}
        apart = kept_apart(event)
        return [w for b in boards for w in table_selectors.table_warnings(b, states, apart)]
    pair_states = {s.id: s for s in player_states(event, round_.number)}
    return [w for b in boards for w in board_warnings(b, pair_states)]


def swap_entries(
    *, round_: Round, user: User, first_id: int, second_id: int, reason: str
) -> PairingChange:
    """:func:`swap_players` for two entry ids, which must be entries of the round's event."""
    found = Entry.objects.filter(event_id=round_.event_id).select_related("player")
    entries = found.in_bulk([first_id, second_id])
    for field, entry_id in (("first", first_id), ("second", second_id)):
        if entry_id not in entries:
            raise DomainError(
                _("%(entry_id)s is not an entry of this event.") % {"entry_id": entry_id},
                field=field,
            )
    return swap_players(
        round_=round_,
        user=user,
        first=entries[first_id],
        second=entries[second_id],
        reason=reason,
    )


@transaction.atomic
def swap_boards(
    *, round_: Round, user: User, board_a: int, board_b: int, reason: str
) -> PairingChange:
    """Exchange two boards' table numbers in a draft (games only: byes stay at the end)."""
    round_ = _lock_draft(round_, user)
    reason = need_reason(reason, "the pairing is being changed")
    found = {
        b.number: b for b in round_.boards.select_for_update().filter(number__in=[board_a, board_b])
    }
    for field, number in (("board_a", board_a), ("board_b", board_b)):
        if number not in found:
            raise DomainError(
                _("Round %(number)s has no board %(number2)s.")
                % {"number": round_.number, "number2": number},
                field=field,
            )
        if found[number].is_bye:
            raise DomainError(
                _("Board %(number)s is a bye: byes stay after the games.") % {"number": number},
                field=field,
            )
    if board_a == board_b:
        raise DomainError(_("Choose two different boards."), field="board_b")
    a, b = found[board_a], found[board_b]
    parking = next_board_number(round_) + 1
    Board.objects.filter(pk=a.pk).update(number=parking)
    Board.objects.filter(pk=b.pk).update(number=board_a)
    effects.draft_changed(round_.event_id, round_.number)
    Board.objects.filter(pk=a.pk).update(number=board_b)
    return PairingChange.objects.create(
        round=round_,
        description=f"Swapped boards {board_a} and {board_b}",
        warnings=[],
        user=user if user.is_authenticated else None,
        reason=reason,
    )


@transaction.atomic
def publish_round(
    *, round_: Round, user: User, notify: bool = True, played: str | None = None
) -> Round:
    """Make a draft public and set up its games at the board; its players are e-mailed their
    boards (``notify=False``: not, e.g. for a round imported from a TRF file). ``played``: a
    hybrid event's round, where its boards are played (RoundPlayed; None: as set before)."""
    round_ = _lock_draft(round_, user)
    event = round_.event
    if not round_.boards.exists():
        raise DomainError(
            _("Round %(number)s has no boards to publish.") % {"number": round_.number}
        )
    round_.status = Round.Status.PUBLISHED
    round_.published_at = timezone.now()
    if played is not None:
        if played not in RoundPlayed.values:
            raise DomainError(
                _("A round's boards are played at the venue, online or as the entries say."),
                field="played",
            )
        if played and event.boards_played != EventPlayed.HYBRID:
            raise DomainError(
                _("Only a hybrid event's round says where its boards are played."),
                field="played",
            )
        round_.boards_played = played
    if event.duplicate_boards and round_.seed is None:
        # Duplicate boards: one seed for every online board of the round, drawn now (the
        # option as it stands at publishing decides), never shown while the round is played.
        round_.seed = solitaire.new_seed()
    round_.save(update_fields=["status", "published_at", "boards_played", "seed"])
    _settle_where(round_)
    log_write("round.publish", user=user, event=event.pk, round=round_.number)
    boards = round_.boards.count()
    event_note(event, user, "publish", f"Round {round_.number} published ({boards} boards).")
    if event.status == Event.Status.REGISTRATION:
        event.status = Event.Status.RUNNING
        event.save(update_fields=["status"])
    round_published.send(sender=Round, round_=round_)
    refresh_round_status(round_)
    effects.results_changed(event.pk)
    if notify:
        effects.mail_round_published(round_.pk)
    round_.refresh_from_db()
    return round_


def _settle_where(round_: Round) -> None:
    """Store on each board where it is played, resolved once, as the round is published: the
    games are set up from it and it never changes under a game (tournament/models/where.py)."""
    event = round_.event
    if event.boards_played != EventPlayed.HYBRID or round_.boards_played:
        # The event, or the hybrid event's round, decides for every board: one statement.
        round_.boards.update(played=resolve(event.boards_played, round_.boards_played, ()))
        return
    # A board with any seat's entry playing online is online for every seat (resolve).
    online = Seat.objects.filter(board__round=round_, entry__plays_online=True)
    online_ids = set(online.values_list("board_id", flat=True))
    round_.boards.exclude(pk__in=online_ids).update(played=Played.VENUE)
    round_.boards.filter(pk__in=online_ids).update(played=Played.ONLINE)


def mark_round_playing(round_: Round) -> None:
    """A game of the round has started (the games layer may call this)."""
    Round.objects.filter(pk=round_.pk, status=Round.Status.PUBLISHED).update(
        status=Round.Status.PLAYING
    )


def _a_game_decided(round_: Round) -> bool:
    """Whether a board of the round where two or more entries sit has a result: read only while
    the round is published and not yet playing (the boards' results alone decide the rest)."""
    # Not "sides": Board.sides is a property; this counts the entries seated at the board.
    entrants = Count("seats__entry", distinct=True)
    decided = round_.boards.exclude(result="").annotate(entrants=entrants)
    return decided.filter(entrants__gt=1).exists()


def refresh_round_status(round_: Round, *, fresh: bool = False) -> None:
    """Published -> playing once a game has a result -> complete when every board has one
    (and back when a result is cleared); the event finishes with its last round. ``fresh``:
    the caller read the round (with its event) under its lock in this transaction."""
    if not fresh:
        round_ = Round.objects.select_related("event").get(pk=round_.pk)
    if not round_.is_public:
        return
    results = list(round_.boards.order_by().values_list("result", flat=True))  # in any order
    status: str
    if results and all(results):
        status = Round.Status.COMPLETE
    elif round_.status in (Round.Status.COMPLETE, Round.Status.PLAYING):
        status = Round.Status.PLAYING
    elif any(results) and _a_game_decided(round_):
        status = Round.Status.PLAYING  # a bye's result alone does not start the round
    else:
        status = round_.status
    if status == round_.status:
        return  # the event's status follows its rounds': unchanged too
    round_.status = status
    round_.save(update_fields=["status"])
    refresh_event_status(round_.event)
