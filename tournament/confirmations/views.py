"""The phone page where the players seated at a board give their word on its outcome, at every
kind of table, and where an arbiter of the event settles a dispute with a reason. The page says
what happens next in words (who is still to confirm, that the result counts, that the arbiter
decides), never a bare "success"."""

from contextlib import nullcontext
from typing import Any

from django import forms
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.confirmations.models import ResultConfirmation
from tournament.confirmations.selectors import (
    PAIR,
    SOLITAIRE,
    TABLE,
    TEAMS,
    Word,
    current_words,
    history,
    kind_of,
    track_of,
    waiting_for,
    wants_levels,
    why_closed,
)
from tournament.confirmations.services import (
    AtBoard,
    board_for_words,
    confirm_result,
    settle_result,
)
from tournament.errors import DomainError
from tournament.fields import WholeNumberFormField
from tournament.models.events import Board, Entry, Event, Result
from tournament.models.tables import SEATED
from tournament.pages import form_error, get_event
from tournament.permissions import is_director
from tournament.results.forms import other_levels, other_levels_field


class WordForm(forms.Form):
    """The outcome of the board's kind of table: a pair's (or two teams') result and lowest
    levels, or every seat's lowest and next lowest level and placing, or a solitaire entrant's
    own levels. With ``settle``, the arbiter's reason too."""

    def __init__(self, *args: Any, board: Board, settle: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.kind = kind_of(board)
        self.sides: list[Entry] = board.sides
        top = self.top = track_of(board)
        if self.kind in (PAIR, TEAMS):
            first, second = (side.name for side in self.sides)
            self.fields["result"] = forms.ChoiceField(
                label=gettext_lazy("Who won?"),
                widget=forms.RadioSelect,
                choices=[
                    (Result.FIRST_WINS, _("%(name)s won (1-0)") % {"name": first}),
                    (Result.SECOND_WINS, _("%(name)s won (0-1)") % {"name": second}),
                    (Result.DRAW, _("A draw (½-½)")),
                ],
            )
            if wants_levels(board):
                for field, name in (("first_lowest", first), ("second_lowest", second)):
                    self.fields[field] = self._level(
                        _("%(name)s's lowest colour level (0 to %(max)s)")
                        % {"name": name, "max": top},
                        top,
                    )
        else:
            rows = board.round.event.ruleset == Event.Ruleset.CHALLENGES  # score rows
            for number, side in enumerate(self.sides):
                values = {"name": side.name, "max": top}
                lowest = (
                    _("%(name)s: lowest row (0 to %(max)s)")
                    if rows
                    else _("%(name)s: lowest colour level (0 to %(max)s)")
                )
                following = (
                    _("%(name)s: second-lowest row (0 to %(max)s)")
                    if rows
                    else _("%(name)s: next lowest level (0 to %(max)s)")
                )
                self.fields[f"lowest_{number}"] = self._level(lowest % values, top)
                self.fields[f"next_{number}"] = self._level(following % values, top)
                if self.kind == SOLITAIRE:  # the round compares every level in order
                    self.fields[f"rest_{number}"] = other_levels_field(side.name)
                if self.kind == TABLE:
                    self.fields[f"placing_{number}"] = WholeNumberFormField(
                        min_value=1,
                        max_value=len(self.sides),
                        required=False,
                        label=_("%(name)s: placing (leave empty: it follows the levels)")
                        % {"name": side.name},
                    )
                    self.fields[f"placing_{number}"].widget.attrs["inputmode"] = "numeric"
        if settle:
            self.fields["reason"] = forms.CharField(
                label=gettext_lazy("Why you settle it so"), max_length=300
            )

    @staticmethod
    def _level(label: str, top: int) -> WholeNumberFormField:
        field = WholeNumberFormField(min_value=0, max_value=top, label=label)
        field.widget.attrs["inputmode"] = "numeric"
        return field

    def word(self) -> dict[str, Any]:
        """The cleaned form as the service's keyword arguments."""
        data = self.cleaned_data
        if self.kind in (PAIR, TEAMS):
            return {
                "result": data["result"],
                "first_lowest": data.get("first_lowest"),
                "second_lowest": data.get("second_lowest"),
            }
        numbers = range(len(self.sides))
        levels = [
            [data[f"lowest_{n}"], data[f"next_{n}"], *(data.get(f"rest_{n}") or [])]
            for n in numbers
        ]
        placings = [data.get(f"placing_{n}") for n in numbers]
        given = None if any(p is None for p in placings) else placings
        return {"levels": levels, "placings": given}

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if "rest_0" in self.fields and "rest_0" not in self.errors:
            try:
                data["rest_0"] = other_levels(data.get("rest_0") or "", self.top)
            except forms.ValidationError as exc:
                self.add_error("rest_0", exc)
        return data

    def radio(self) -> Any:
        return self["result"] if "result" in self.fields else None

    def level_fields(self) -> list[Any]:
        return [self[name] for name in self.fields if name not in ("result", "reason")]


def _board(event: Event, pk: int) -> Board:
    return get_object_or_404(
        Board.objects.select_related("round__event").prefetch_related(*SEATED),
        pk=pk,
        round__event=event,
    )


def _and(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return _("%(some)s and %(last)s") % {"some": ", ".join(names[:-1]), "last": names[-1]}


def next_step(board: Board, words: dict[int, Word], *, seated: bool, arbiter: bool) -> str:
    """What happens next, in words, for the one reading the page."""
    kind = kind_of(board)
    if board.result:
        if board.confirmation == Board.Confirmation.DISPUTED:
            return _("The arbiter decided: %(result)s. It counts now.") % {
                "result": _outcome(board)
            }
        if board.confirmation == Board.Confirmation.CONFIRMED:
            if kind == SOLITAIRE:
                return _("Your levels are in: the result counts now.")
            if kind == PAIR:
                if seated:
                    return _("Both of you agree: the result counts now.")
                return _("Both players agree: the result counts now.")
            if kind == TEAMS:
                return _("Both teams agree: the result counts now.")
            return _("Everyone at the table agrees: the result counts now.")
        return _("The result is in: %(result)s.") % {"result": _outcome(board)}
    if board.confirmation == Board.Confirmation.DISPUTED:
        if seated:
            return _("You disagree: the arbiter has been told and will decide at the board.")
        if arbiter:
            return _("The players disagree: settle the result below, with a reason.")
        return _("The players disagree: the arbiter decides.")
    missing = waiting_for(board, words)
    if words and missing:
        return _("Waiting for %(names)s to confirm.") % {"names": _and(missing)}
    if kind == SOLITAIRE:
        return _("Give your levels: they count as soon as you confirm them.")
    return _("Nobody has confirmed yet: the result counts once every side gives the same one.")


def _outcome(board: Board) -> str:
    if board.result != Result.TABLE:
        return str(board.get_result_display())
    seats = board.side_seats()
    if len(seats) == 1:
        return _("levels %(levels)s") % {"levels": ", ".join(map(str, seats[0].levels))}
    return ", ".join(
        _("%(name)s placed %(placing)s") % {"name": seat.entry.name, "placing": seat.placing}
        for seat in seats
    )


def said_words(board: Board, row: ResultConfirmation) -> str:
    """A word as the page shows it."""
    if row.result != Result.TABLE:
        label = str(Result(row.result).label) if row.result in Result.values else row.result
        if len(row.levels) == 2:
            return _("%(result)s (lowest levels %(first)s-%(second)s)") % {
                "result": label,
                "first": row.levels[0][0],
                "second": row.levels[1][0],
            }
        return label
    if not row.placings:
        return _("levels %(levels)s") % {"levels": ", ".join(map(str, row.levels[0]))}
    said = (  # a Challenge's score rows, a board game's colour levels
        _("%(name)s placed %(placing)s (rows %(levels)s)")
        if board.round.event.ruleset == Event.Ruleset.CHALLENGES
        else _("%(name)s placed %(placing)s (levels %(levels)s)")
    )
    return "; ".join(
        said % {"name": side.name, "placing": placing, "levels": ", ".join(map(str, levels))}
        for side, levels, placing in zip(board.sides, row.levels, row.placings, strict=False)
    )


def board_confirm(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Show the words and, while the board takes them, the form (a seated player's word) or
    the settle form (an arbiter of the event); a post gives one's word or settles, on the
    board read once (locked for the word: the service does not read it again) and who speaks
    there checked once."""
    event = get_event(slug)
    posted = request.POST if request.method == "POST" else None
    with transaction.atomic() if posted is not None else nullcontext():
        if posted is not None:
            found = board_for_words(pk, event=event)
            if found is None:  # as get_object_or_404 says it
                raise Http404(f"No {Board._meta.object_name} matches the given query.")
            board = found
        else:
            board = _board(event, pk)
        answered = _answer(request, event, board, posted)
    if isinstance(answered, HttpResponse):
        return answered
    form, settle, at = answered
    if posted is not None:
        board = _board(event, pk)  # as it is now
    closed = why_closed(board)
    words = current_words(board)
    side, arbiter = at.side, at.arbiter
    can_settle = (
        arbiter
        and closed is None
        and board.confirmation in (Board.Confirmation.AWAITING, Board.Confirmation.DISPUTED)
    )
    context = {
        "event": event,
        "board": board,
        "kind": kind_of(board),
        "sides": board.sides,
        "seated": side is not None,
        "next_step": next_step(board, words, seated=side is not None, arbiter=arbiter),
        "form": form if closed is None and side is not None else None,
        "settle_form": settle if can_settle else None,
        "closed": closed,
        "words": [(word.name, said_words(board, word.row), word.row) for word in words.values()],
        "history": [(row, said_words(board, row)) for row in history(board).order_by("-at", "-id")],
        "is_director": is_director(request.user, event),
    }
    return render(request, "confirm/board_confirm.html", context)


Answered = HttpResponse | tuple[WordForm | None, WordForm, AtBoard]


def _answer(request: HttpRequest, event: Event, board: Board, posted: Any) -> Answered:
    """Who may see the board's words and give one, and a post carried out: a response (a
    redirect, once written), or the forms to show again with who reads them."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not board.round.is_public and not is_director(request.user, event):
        raise Http404(_("No such round."))
    at = AtBoard.of(board, request.user)
    side = at.side
    if side is None and not at.arbiter:
        raise PermissionDenied(
            _(
                "Only the players seated at this board and the arbiters of %(name)s may see "
                "and give its confirmations."
            )
            % {"name": event.name}
        )
    settling = posted is not None and posted.get("op") == "settle"
    if posted is not None and not settling and side is None:
        raise PermissionDenied(
            _(
                "You are not seated at board %(number)s: as an arbiter of %(name)s you "
                "settle its result with a reason, not by giving a player's word."
            )
            % {"number": board.number, "name": event.name}
        )
    if settling and not at.arbiter:
        raise PermissionDenied(
            _("Only the arbiters and directors of %(name)s may settle its results.")
            % {"name": event.name}
        )
    form = WordForm(None if settling else posted, board=board) if side is not None else None
    settle = WordForm(posted if settling else None, board=board, settle=True, prefix="settle")
    bound = settle if settling else form
    if posted is not None and bound is not None and bound.is_valid():
        try:  # refused: the service's change leaves nothing
            if settling:
                reason = bound.cleaned_data["reason"]
                settle_result(board=at, user=request.user, reason=reason, **bound.word())
            else:
                confirm_result(board=at, user=request.user, **bound.word())
        except DomainError as exc:
            form_error(bound, exc)
        else:
            return redirect("board-confirm", slug=event.slug, pk=board.pk)
    return form, settle, at
