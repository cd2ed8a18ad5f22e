"""Rounds: pair the next one, watch the pairing, review and change the draft, publish, results."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.errors import DomainError
from tournament.models.events import Board, Event
from tournament.models.tables import SEATED, Seat
from tournament.pages import (
    director_or_deny,
    form_error,
    form_problems,
    get_event,
    round_url,
    show_error,
)
from tournament.results.forms import ReopenForm, ResultForm, TableResultForm
from tournament.results.services import enter_result, reopen_board, set_board_result, track


def board_result(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Enter or correct one board's result; the board's correction history below the form."""
    event = get_event(slug)
    board = get_object_or_404(
        Board.objects.select_related("round__event").prefetch_related(*SEATED),
        pk=pk,
        round__event=event,
    )
    if denied := director_or_deny(request, event):
        return denied
    seats = list(board.seats.select_related("entry__player", "entry__partner").order_by("number"))
    challenge = event.ruleset == Event.Ruleset.CHALLENGES and len(seats) > 1
    if board.is_table or board.plays_alone or challenge:  # two partnership teams are a pair
        return _table_result(request, event, board, seats)
    prefix = request.POST.get("prefix") or None
    form = ResultForm(request.POST or None, board=board, prefix=prefix)
    if request.method == "POST":
        if form.is_valid():
            data = form.cleaned_data
            try:
                set_board_result(
                    board=board,
                    user=request.user,
                    result=data["result"],
                    reason=data["reason"],
                    first_lowest=data.get("first_lowest"),
                    second_lowest=data.get("second_lowest"),
                    replaces=data["replaces"],
                )
            except DomainError as exc:
                form_error(form, exc)
                if exc.code == "result_changed":  # show the board as it is now
                    board.refresh_from_db()
                    form.seen(board)
            else:
                messages.success(
                    request,
                    _("Board %(number)s: %(value)s is recorded.")
                    % {"number": board.number, "value": data["result"] or "no result"},
                )
                return redirect(round_url(event, board.round.number))
        if prefix:  # the inline form on the round page: say what is wrong there
            messages.error(request, f"Board {board.number}: " + form_problems(form, ""))
            return redirect(round_url(event, board.round.number))
    context = {
        "event": event,
        "board": board,
        "form": form,
        "reopen_form": ReopenForm()
        if board.closed and not board.is_bye and board.result_check == Board.Check.NONE
        else None,
        "corrections": board.corrections.select_related("user__player").order_by("-at", "-id"),
    }
    return render(request, "tournament/board_result.html", context)


def _table_result(
    request: HttpRequest, event: Event, board: Board, seats: list[Seat]
) -> HttpResponse:
    """A table of 3 or 4: one row per seat (lowest, next lowest, optional placing); a solitaire
    entrant: one row (the round's entrants place each other)."""
    alone = board.plays_alone
    prefix = request.POST.get("prefix") or None  # the round page's quick entry
    form = TableResultForm(
        request.POST or None,
        board=board,
        seats=seats[:1] if alone else seats,
        solitaire=alone,
        quick=bool(prefix) and not alone,
        prefix=prefix,
    )
    if request.method == "POST" and form.is_valid():
        reason, replaces = form.cleaned_data["reason"], form.cleaned_data["replaces"]
        if form.quick and not reason:
            reason = "lowest levels entered on the round page"
        try:
            enter_result(
                board=board,
                user=request.user,
                result="table",
                levels=form.levels(),
                placings=None if alone else form.placings(),
                reason=reason,
                replaces=replaces,
            )
        except DomainError as exc:
            form_error(form, exc)
            if exc.code == "result_changed":  # show the board as it is now
                board.refresh_from_db()
                form.seen(board)
        else:
            messages.success(
                request,
                _("Board %(number)s: the table's result is recorded.") % {"number": board.number},
            )
            return redirect(round_url(event, board.round.number))
    if request.method == "POST" and prefix:  # the round page's quick entry: say it there
        messages.error(request, f"Board {board.number}: " + form_problems(form, ""))
        return redirect(round_url(event, board.round.number))
    context = {
        "event": event,
        "board": board,
        "seats": seats,
        "track": track(event),
        "table_form": form,
        "reopen_form": ReopenForm() if board.closed and not board.result_check else None,
        "corrections": board.corrections.select_related("user__player").order_by("-at", "-id"),
    }
    return render(request, "tournament/board_result.html", context)


@require_POST
def board_reopen(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """A director opens a decided board to recording again, with a reason."""
    event = get_event(slug)
    board = get_object_or_404(Board, pk=pk, round__event=event)
    if denied := director_or_deny(request, event):
        return denied
    form = ReopenForm(request.POST)
    try:
        if not form.is_valid():
            raise DomainError(form_problems(form, "The board stays closed."), field="reason")
        reopen_board(board=board, user=request.user, reason=form.cleaned_data["reason"])
    except DomainError as exc:
        show_error(request, exc)
    else:
        messages.success(
            request, _("Board %(number)s is open for recording again.") % {"number": board.number}
        )
    return redirect("board-result", slug=event.slug, pk=board.pk)
