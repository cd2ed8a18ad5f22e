"""The result forms of a board: a pair's result, a table's or a solitaire entrant's levels,
and reopening a decided board. Each result form carries the board's ``result_version`` it was
rendered with (a hidden field): a result written meanwhile is not overwritten."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.fields import WholeNumberFormField, form_field
from tournament.models.events import Board, Event
from tournament.results.selectors import result_choices
from tournament.results.services import LOWEST_LEVEL_MAX, track
from tournament.text import NoControlCharacters


def replaces_field() -> forms.IntegerField:
    """The board's result version the page was rendered with; a post without it (a page from
    before it was sent, or one a script made up) is refused, nothing changed."""
    stale = _("This page is out of date: reload it and enter the result again.")
    return WholeNumberFormField(
        min_value=0,
        max_value=2**31 - 1,
        widget=forms.HiddenInput,
        label=_("Replaces"),
        error_messages={
            "required": stale,
            "invalid": stale,
            "min_value": stale,
            "max_value": stale,
        },
    )


def level_field(top: int, label: Any, *, required: bool = True) -> forms.IntegerField:
    """A colour level, 0 to the event's track (18, or 36 on the double track), typed on a
    phone's number pad."""
    field = WholeNumberFormField(min_value=0, max_value=top, required=required, label=label)
    field.widget.attrs.update({"inputmode": "numeric", "min": 0, "max": top})
    return field


class ResultForm(forms.Form):
    """A two-sided board's result (two players, or two partnership teams): the code and each
    side's lowest colour level (0-18, or 0-36 for a partnership)."""

    result = forms.ChoiceField(label=_("Result"), required=False)
    first_lowest = level_field(LOWEST_LEVEL_MAX, _("First player's lowest colour"), required=False)
    second_lowest = level_field(
        LOWEST_LEVEL_MAX, _("Second player's lowest colour"), required=False
    )
    reason = forms.CharField(
        label=_("Reason"),
        max_length=300,
        required=False,
        help_text=_("Needed when a result is corrected"),
        validators=[NoControlCharacters("reason")],
    )
    replaces = replaces_field()

    def __init__(self, *args: Any, board: Board, **kwargs: Any) -> None:
        sides = board.side_seats()
        lowest = [seat.lowest for seat in sides] + [None, None]
        kwargs.setdefault(
            "initial",
            {
                "result": board.result,
                "first_lowest": lowest[0],
                "second_lowest": lowest[1],
                "replaces": board.result_version,
            },
        )
        super().__init__(*args, **kwargs)
        choices = [("", _("— no result —")), *result_choices(board)]
        form_field(self, "result", forms.ChoiceField).choices = choices
        if len(sides) < 2:
            del self.fields["first_lowest"]
            del self.fields["second_lowest"]
            return
        top = track(board.round.event)
        for i, name in enumerate(("first_lowest", "second_lowest")):
            label = _("%(name)s: lowest colour") % {"name": sides[i].entry.name}
            self.fields[name] = level_field(top, label, required=False)

    def seen(self, board: Board) -> None:
        """Show the board's current version as the one seen, so the next submit is decided
        with the result now stored in view."""
        self.data = {**dict(self.data.items()), self.add_prefix("replaces"): board.result_version}


def other_levels_field(name: str) -> forms.CharField:
    """A solitaire entrant's other four levels, typed on one line (:func:`other_levels`)."""
    return forms.CharField(
        required=False,
        max_length=40,
        label=_("%(name)s: the other levels, lowest first (e.g. 5 7 9 9)") % {"name": name},
        widget=forms.TextInput(attrs={"inputmode": "numeric", "size": 12}),
    )


def other_levels(text: str, top: int) -> list[int]:
    """A solitaire entrant's other levels: at most four whole numbers within the track."""
    words = text.replace(",", " ").split()
    if len(words) > 4:
        raise forms.ValidationError(
            _("Give at most the four other levels (six in all), not %(count)s.")
            % {"count": len(words)}
        )
    levels = []
    for word in words:
        if not (word.isascii() and word.isdigit()) or int(word) > top:
            raise forms.ValidationError(
                _("%(word)s is not a level: levels are whole numbers from 0 to %(top)s.")
                % {"word": word, "top": top}
            )
        levels.append(int(word))
    return levels


class TableResultForm(forms.Form):
    """A table's result: per seat the lowest colour level, the next lowest and (optionally) the
    placing; the fields ``lowest_<n>``, ``next_<n>``, ``placing_<n>`` for seat n (0 first).
    ``quick``: the round page's entry, each seat's lowest level only (the reason optional)."""

    reason = forms.CharField(
        label=_("Reason"),
        max_length=300,
        help_text=_("Logged with the board's history, e.g. 'scoresheet handed in'"),
        validators=[NoControlCharacters("reason")],
    )

    replaces = replaces_field()

    def __init__(
        self,
        *args: Any,
        board: Board,
        seats: list[Any],
        solitaire: bool = False,
        quick: bool = False,
        **kwargs: Any,
    ) -> None:
        initial: dict[str, Any] = {"replaces": board.result_version}
        for seat in seats:
            n = seat.number
            initial |= {
                f"lowest_{n}": seat.lowest,
                f"next_{n}": seat.next_lowest,
                f"placing_{n}": seat.placing,
                f"rest_{n}": " ".join(str(level) for level in seat.levels[2:]),
            }
        kwargs.setdefault("initial", initial)
        super().__init__(*args, **kwargs)
        self.seats = seats
        self.quick = quick
        self.solitaire = solitaire
        self.top = track(board.round.event)
        if quick:
            self.fields["reason"].required = False
        top = track(board.round.event)
        rows = board.round.event.ruleset == Event.Ruleset.CHALLENGES  # a Challenge's score rows
        for seat in seats:
            n, name = seat.number, seat.player.name
            lowest = _("%(name)s: lowest row") if rows else _("%(name)s: lowest colour")
            self.fields[f"lowest_{n}"] = level_field(top, lowest % {"name": name})
            if quick:
                continue
            following = _("%(name)s: second-lowest row") if rows else _("%(name)s: next lowest")
            self.fields[f"next_{n}"] = level_field(
                top, following % {"name": name}, required=solitaire
            )
            if solitaire:  # the round compares every level in order (RULINGS.md)
                self.fields[f"rest_{n}"] = other_levels_field(name)
            if not solitaire:  # an entrant's placing is among the whole round's entrants
                self.fields[f"placing_{n}"] = WholeNumberFormField(
                    min_value=1,
                    max_value=len(seats),
                    required=False,
                    label=_("%(name)s: placing") % {"name": name},
                )
        kinds: tuple[str, ...] = (
            ("lowest", "next", "rest") if solitaire else ("lowest", "next", "placing")
        )
        if quick:
            kinds = ("lowest",)
        self.order_fields(
            [*(f"{k}_{s.number}" for s in seats for k in kinds), "reason", "replaces"]
        )

    def rows(self) -> list[tuple[Any, Any, Any, Any]]:
        """Per seat: the seat and its three bound fields (the template's table): the lowest,
        the next lowest, and the placing (a solitaire entrant: the other levels)."""
        return [
            (
                seat,
                self[f"lowest_{n}"],
                self[f"next_{n}"] if f"next_{n}" in self.fields else None,
                self[f"placing_{n}"]
                if f"placing_{n}" in self.fields
                else self[f"rest_{n}"]
                if f"rest_{n}" in self.fields
                else None,
            )
            for seat in self.seats
            if (n := seat.number) is not None
        ]

    def levels(self) -> list[list[int]]:
        """Per seat its levels, lowest first: the lowest, the next lowest when given, and a
        solitaire entrant's other levels when given."""
        data = self.cleaned_data
        return [
            [
                level
                for level in (data[f"lowest_{s.number}"], data.get(f"next_{s.number}"))
                if level is not None
            ]
            + list(data.get(f"rest_{s.number}") or [])
            for s in self.seats
        ]

    def _clean_rest(self, n: int) -> list[int]:
        return other_levels(self.cleaned_data.get(f"rest_{n}") or "", self.top)

    def placings(self) -> list[int] | None:
        """The placings typed, or None when none was (they follow the levels)."""
        given = [self.cleaned_data.get(f"placing_{s.number}") for s in self.seats]
        if all(p is None for p in given):
            return None
        if any(p is None for p in given):
            raise forms.ValidationError(_("Give a placing for every seat, or for none."))
        return [int(p) for p in given if p is not None]

    def seen(self, board: Board) -> None:
        """Show the board's current version as the one seen (see ResultForm.seen)."""
        self.data = {**dict(self.data.items()), self.add_prefix("replaces"): board.result_version}

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        for seat in self.seats:
            if f"rest_{seat.number}" in self.fields and f"rest_{seat.number}" not in self.errors:
                try:
                    data[f"rest_{seat.number}"] = self._clean_rest(seat.number)
                except forms.ValidationError as exc:
                    self.add_error(f"rest_{seat.number}", exc)
        if not self.errors:
            try:
                self.placings()
            except forms.ValidationError as exc:
                self.add_error(None, exc)
        return data


class ReopenForm(forms.Form):
    reason = forms.CharField(
        max_length=300,
        label=_("Why reopen it"),
        help_text=_(
            "Logged with the board's history, e.g. 'recording the game from the scoresheet'"
        ),
        validators=[NoControlCharacters("reason")],
    )
