"""The phone page where the players of a paper game (or the arbiter) confirm its result."""

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.confirmation_selectors import (
    ARBITER,
    FIRST,
    SECOND,
    current_words,
    history,
    side_of,
    wants_levels,
    why_closed,
)
from tournament.errors import DomainError
from tournament.fields import WholeNumberFormField
from tournament.models import Board, Result
from tournament.permissions import is_director
from tournament.services.confirmations import confirm_result
from tournament.views.common import get_event
from tournament.views.events import form_error


class ConfirmForm(forms.Form):
    result = forms.ChoiceField(label=gettext_lazy("Who won?"), widget=forms.RadioSelect)
    first_lowest = WholeNumberFormField(min_value=0, max_value=18)
    second_lowest = WholeNumberFormField(min_value=0, max_value=18)

    def __init__(self, *args: Any, board: Board, levels: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        first = board.first.player.name
        second = board.second.player.name if board.second else ""
        self.fields["result"].choices = [
            (Result.FIRST_WINS, _("%(name)s won (1-0)") % {"name": first}),
            (Result.SECOND_WINS, _("%(name)s won (0-1)") % {"name": second}),
            (Result.DRAW, _("A draw (½-½)")),
        ]
        if not levels:
            del self.fields["first_lowest"]
            del self.fields["second_lowest"]
            return
        for field, name in (("first_lowest", first), ("second_lowest", second)):
            self.fields[field].label = _("%(name)s's lowest colour level") % {"name": name}
            self.fields[field].widget.attrs["inputmode"] = "numeric"


def _board(slug: str, pk: int) -> Board:
    event = get_event(slug)
    return get_object_or_404(
        Board.objects.select_related("round__event", "first__player", "second__player"),
        pk=pk,
        round__event=event,
    )


def board_confirm(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Show the board's words and, while it takes them, the form; a post gives one's word."""
    board = _board(slug, pk)
    event = board.round.event
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not board.round.is_public and not is_director(request.user, event):
        raise Http404(_("No such round."))
    side = side_of(request.user, board)
    if side is None:
        raise PermissionDenied(
            _("Only the players of this board and the arbiters of %(name)s may confirm it.")
            % {"name": event.name}
        )
    levels = wants_levels(board)
    data = request.POST if request.method == "POST" else None
    form = ConfirmForm(data, board=board, levels=levels)
    if form.is_bound and form.is_valid():
        word = form.cleaned_data
        try:
            board = confirm_result(
                board=board,
                user=request.user,
                result=word["result"],
                first_lowest=word.get("first_lowest"),
                second_lowest=word.get("second_lowest"),
            )
        except DomainError as exc:
            form_error(form, exc)
        else:
            messages.success(request, _done(board))
            return redirect("board-confirm", slug=event.slug, pk=board.pk)
    closed = why_closed(board, side)
    words = current_words(board)
    names = {
        FIRST: board.first.player.name,
        SECOND: board.second.player.name if board.second else "",
        ARBITER: _("The arbiter"),
    }
    context = {
        "event": event,
        "board": board,
        "side": side,
        "form": None if closed is not None else form,
        "closed": closed,
        "words": [
            (names[s], words[s].row, _label(words[s].row.result))
            for s in (FIRST, SECOND, ARBITER)
            if s in words
        ],
        "history": [(row, _label(row.result)) for row in history(board).order_by("-at", "-id")],
        "is_director": is_director(request.user, event),
    }
    return render(request, "confirm/board_confirm.html", context)


def _label(code: str) -> str:
    return str(Result(code).label) if code in Result.values else code


def _done(board: Board) -> str:
    if board.confirmation == Board.Confirmation.CONFIRMED:
        return _("Both sides agree: %(result)s is entered.") % {
            "result": board.get_result_display()
        }
    if board.confirmation == Board.Confirmation.DISPUTED:
        return _("The words disagree: the arbiter decides this board's result.")
    return _("Your word is noted: the result counts once the other side confirms it.")
