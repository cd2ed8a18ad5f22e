"""Rounds: pair the next one, watch the pairing, review and change the draft, publish, results."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRefresh

from tournament.checkin import selectors as checkin_selectors
from tournament.errors import DomainError
from tournament.fields import form_field
from tournament.models.events import Board, Event, Round
from tournament.models.where import EventPlayed, RoundPlayed
from tournament.pages import (
    carry_out,
    director_or_deny,
    form_problems,
    get_event,
    round_url,
    show_error,
    visible_round,
)
from tournament.permissions import is_arbiter, is_director
from tournament.results import selectors as result_selectors
from tournament.results.forms import ResultForm, TableResultForm
from tournament.rounds import challenges as challenge_rounds
from tournament.rounds import public as public_selectors
from tournament.rounds import services as round_services
from tournament.rounds import tables as table_selectors
from tournament.rounds.forms import PublishForm, SwapBoardsForm, SwapPlayersForm, on_board
from tournament.rounds.selectors import (
    boards_of,
    pairing_silence,
    rounds_visible_to,
    system_label,
)
from tournament.rounds.services import (
    publish_round,
    request_pairing,
    swap_entries,
)
from tournament.web.drafts import draft_age, draft_version, round_review
from tournament.web.page_cache import (
    cached_page,
    held_version,
    live_version,
    unchanged,
    versioned,
)


def _missing_levels_words(event: Event) -> str:
    """The warning naming the boards whose played result has no lowest levels, or ""."""
    missing = result_selectors.boards_missing_levels(event)
    if not missing:
        return ""
    return _(
        "The tie-breaks use the lowest colour levels, but these played boards have none: "
        "%(boards)s. Enter them, or the standings count them as 0."
    ) % {
        "boards": ", ".join(
            _("round %(round)s board %(board)s") % {"round": b.round.number, "board": b.number}
            for b in missing
        )
    }


def _warn_missing_levels(request: HttpRequest, event: Event) -> None:
    """A warning (never a refusal) before standings or a round are published."""
    if words := _missing_levels_words(event):
        messages.warning(request, words)


@require_POST
def pair_next_round(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_event(slug)
    if denied := director_or_deny(request, event):
        return denied
    try:
        round_ = request_pairing(event=event, user=request.user)
    except DomainError as exc:
        show_error(request, exc)
        return redirect(event)
    round_.refresh_from_db()  # with tasks run in-process the draft is already there
    _warn_missing_levels(request, event)
    if round_.status == Round.Status.DRAFT:
        messages.success(
            request, _("Round %(number)s is paired: review the draft.") % {"number": round_.number}
        )
    elif round_.pairing_error:
        messages.error(
            request, _("Round %(number)s could not be paired.") % {"number": round_.number}
        )
    else:
        messages.info(request, _("Round %(number)s is being paired.") % {"number": round_.number})
    return redirect(round_url(event, round_.number))


@cached_page(live_version)  # the anonymous rendering, once per change
def round_page(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """A round's pairings and results; for directors, the draft under review."""
    event = get_event(slug)
    director = is_director(request.user, event)
    # Read before the round: the page's progress polls hold it (see round_progress).
    version = draft_version(event.pk, number) if director else ""
    round_ = visible_round(request, event, number)
    public: public_selectors.PublicRound | table_selectors.PublicTables | None = None
    tables = table_selectors.at_tables(event)
    rows: list[dict[str, Any]]
    if tables:
        rows, public = _table_rows(round_, director)
    elif director:
        rows = [
            {"board": r.board, "review": r, "form": _inline_result_form(round_, r.board)}
            for r in round_review(round_)
        ]
    else:
        pairs = public = public_selectors.public_round(round_)
        rows = [{"board": p.board, "review": None, "form": None, "points": p} for p in pairs.boards]
    boards = [row["board"] for row in rows]
    waiting = [b for b in boards if b.result_provisional or b.result_held] if director else []
    context = {
        "waiting": waiting,
        "event": event,
        "round": round_,
        "system": system_label(round_),  # by its name, in the reader's language
        "rows": rows,
        "is_director": director,
        "rounds": rounds_visible_to(request.user, event),
        "changes": round_.pairing_changes.select_related("user__player") if director else [],
        "pairing_silence": pairing_silence(round_) if director else None,
        "public": public,
        "tables": tables,
        "check_in": checkin_selectors.pairing_progress(event, round_) if director else None,
        "draft_version": version,
        # The arbiters' control room of the round's online boards (games/control_room).
        "control_room": round_.is_public
        and any(b.online for b in boards)
        and (director or is_arbiter(request.user, event)),
    }
    if director and round_.is_public or director and round_.status == Round.Status.DRAFT:
        context["missing_levels"] = _missing_levels_words(event)
    if director and round_.status == Round.Status.DRAFT:
        context["swap_form"] = _swap_form(None, boards)
        context["swap_boards_form"] = SwapBoardsForm()
        context["round_played_choices"] = RoundPlayed.choices
    return render(request, "tournament/round.html", context)


def _table_rows(
    round_: Round, director: bool
) -> tuple[list[dict[str, Any]], table_selectors.PublicTables | None]:
    """A table event's rows, each board with every seat in order: the director's review (with
    warnings), or the public tables (with points before the round)."""
    if director:
        reviews = table_selectors.table_review(round_)
        return [_table_row(round_, r, director) for r in reviews], None
    public = table_selectors.public_tables(round_)
    return [_table_row(round_, t, director) for t in public.boards], public


def _table_row(
    round_: Round, review: table_selectors.TableReview, director: bool
) -> dict[str, Any]:
    board = review.board
    # A table of two keeps the two-player result form; tables of 3 and 4 take each seat's
    # lowest level here, the rest on their own page.
    form: ResultForm | TableResultForm | None = None
    if director and not board.is_table:
        form = _inline_result_form(round_, board)
    elif director and _quick_table(round_, board):
        seats = list(board.seats.select_related("entry__player", "entry__partner"))
        form = TableResultForm(board=board, seats=seats, quick=True, prefix=f"b{board.pk}")
    return {
        "board": board,
        "review": review if director else None,
        "form": form,
        "table_form": isinstance(form, TableResultForm),
        "seats": review.seats,
    }


def _quick_table(round_: Round, board: Board) -> bool:
    return (
        round_.is_public
        and not board.result_held
        and round_.event.ruleset != Event.Ruleset.CHALLENGES
    )


def _swap_form(data: Any, boards: list[Board]) -> SwapPlayersForm:
    """The swap form; at tables every seat is offered, not only a board's first two."""
    form = SwapPlayersForm(data, boards=boards)
    if any(b.is_table for b in boards):
        choices: list[tuple[str | int, str]] = [("", "—")]
        for b in boards:
            for entry in b.seated:
                choices.append((entry.pk, on_board(entry.player.name, b.number)))
        form_field(form, "first", forms.ChoiceField).choices = choices
        form_field(form, "second", forms.ChoiceField).choices = choices
    return form


def _inline_result_form(round_: Round, board: Board) -> ResultForm | None:
    # A solitaire entrant's levels are entered on the board's own page.
    if not round_.is_public or board.result_held or board.plays_alone:
        return None
    if round_.event.ruleset == Event.Ruleset.CHALLENGES:  # every table placed by its rows
        return None
    return ResultForm(board=board, prefix=f"b{board.pk}")


def round_progress(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The htmx fragment the page polls while the pairing runs; reloads the page once done. A
    director's poll that holds the round's draft version, made less than TASK_STALE_SECONDS
    ago, is answered 204 from the cache alone: the pairing has not reported since, and its
    silence is not yet long enough to show."""
    event = get_event(slug)
    director = is_director(request.user, event)
    version = draft_version(event.pk, number) if director else ""
    age = draft_age(version) if version else None
    recent = age is not None and age < settings.TASK_STALE_SECONDS
    if version and recent and held_version(request) == version:
        return unchanged(version)
    round_ = visible_round(request, event, number)
    silence = pairing_silence(round_) if director else None
    context = {
        "event": event,
        "round": round_,
        "is_director": director,
        "pairing_silence": silence,
        "draft_version": version,
    }
    response = render(request, "tournament/_round_progress.html", context)
    if round_.status != Round.Status.PAIRING or round_.pairing_error:
        refresh = HttpResponseClientRefresh()
        refresh.content = response.content  # says "is paired" until the reload lands
        return refresh
    return versioned(response, version) if version else response


def _draft_action(request: HttpRequest, slug: str, number: int) -> tuple[Event, Round]:
    event = get_event(slug)
    return event, get_object_or_404(Round, event=event, number=number)


@require_POST
def swap_players(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event, round_ = _draft_action(request, slug, number)
    if denied := director_or_deny(request, event):
        return denied
    form = _swap_form(request.POST, list(boards_of(round_)))
    if not form.is_valid():
        messages.error(request, form_problems(form, "Nothing was swapped."))
        return redirect(round_url(event, number))
    try:
        change = swap_entries(
            round_=round_,
            user=request.user,
            first_id=form.cleaned_data["first"],
            second_id=form.cleaned_data["second"],
            reason=form.cleaned_data["reason"],
        )
    except DomainError as exc:
        show_error(request, exc)
    else:
        messages.success(request, _("%(description)s.") % {"description": change.description})
        for warning in change.warnings:
            messages.warning(request, warning)
    return redirect(round_url(event, number))


@require_POST
def swap_boards(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event, round_ = _draft_action(request, slug, number)
    if denied := director_or_deny(request, event):
        return denied
    form = SwapBoardsForm(request.POST)
    if not form.is_valid():
        messages.error(request, form_problems(form, "No boards were swapped."))
        return redirect(round_url(event, number))
    try:
        change = round_services.swap_boards(round_=round_, user=request.user, **form.cleaned_data)
    except DomainError as exc:
        show_error(request, exc)
    else:
        messages.success(request, _("%(description)s.") % {"description": change.description})
    return redirect(round_url(event, number))


@require_POST
def publish(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event, round_ = _draft_action(request, slug, number)
    if denied := director_or_deny(request, event):
        return denied
    # Publishing cannot be undone (the games are set up and the public sees the pairings): the
    # page's form asks the director to tick that the draft was reviewed, with or without JS.
    if not request.POST.get("reviewed"):
        messages.error(
            request,
            _('Round %(number)s is not published: tick "I have reviewed the draft" to publish it.')
            % {"number": number},
        )
        return redirect(round_url(event, number))
    _warn_missing_levels(request, event)
    # A hybrid event's round: where its boards are played, if the page sent it.
    form = PublishForm(request.POST)
    played = form.cleaned_data["played"] if form.is_valid() and "played" in request.POST else None
    if played is not None and event.boards_played != EventPlayed.HYBRID:
        played = None  # a venue or online event decides for every round
    return carry_out(
        request,
        lambda: publish_round(round_=round_, user=request.user, played=played),
        f"Round {number} is published.",
        round_url(event, number),
    )


@require_POST
def delete_draft(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event, round_ = _draft_action(request, slug, number)
    if denied := director_or_deny(request, event):
        return denied
    try:
        round_services.delete_draft(round_=round_, user=request.user)
    except DomainError as exc:
        show_error(request, exc)
        return redirect(round_url(event, number))
    messages.success(
        request, _("The draft of round %(number)s is deleted: pair it again.") % {"number": number}
    )
    return redirect(event)


@require_POST
def retry_pairing(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Queue again a pairing task that has stopped reporting (its worker may have died)."""
    event, round_ = _draft_action(request, slug, number)
    if denied := director_or_deny(request, event):
        return denied
    try:
        retried = round_services.retry_pairing(round_=round_, user=request.user)
    except DomainError as exc:
        show_error(request, exc)
    else:
        if retried:
            messages.info(
                request, _("The pairing of round %(number)s is queued again.") % {"number": number}
            )
        else:
            messages.info(
                request,
                _("Round %(number)s is no longer being paired: nothing to retry.")
                % {"number": number},
            )
    return redirect(round_url(event, number))


@require_POST
def round_challenge(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = get_event(slug)
    if denied := director_or_deny(request, event):
        return denied
    round_ = get_object_or_404(Round, event=event, number=number)
    challenge = request.POST.get("challenge", "")
    return carry_out(
        request,
        lambda: challenge_rounds.set_round_challenge(
            round_=round_,
            user=request.user,
            challenge=challenge,
            reason=request.POST.get("reason", ""),
        ),
        _("Round %(number)s plays the %(challenge)s challenge.")
        % {"number": number, "challenge": challenge},
        reverse("event-round", args=[slug, number]),
    )
