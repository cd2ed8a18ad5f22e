"""The challenge pages' forms: starting a table, and reading a posted action into the record's
form (CHALLENGES-RECORD.md). The engine checks the action; this only reads the fields."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.challenges.card import CARD_KINDS, HAND
from games.engine.tiles import COLOURS
from games.models import Game
from tournament.errors import DomainError
from tournament.reading import whole_number
from tournament.text import NoControlCharacters

MAX_NAME = 60


class ChallengeStartForm(forms.Form):
    challenge = forms.ChoiceField(label=gettext_lazy("Challenge"), choices=Game.Challenge.choices)
    mode = forms.ChoiceField(
        label=gettext_lazy("Mode"),
        choices=Game.Mode.choices,
        initial=Game.Mode.FULL,
        widget=forms.RadioSelect,
    )
    player_1 = forms.CharField(
        label=gettext_lazy("Seat 1 (moves first)"),
        max_length=MAX_NAME,
        validators=[NoControlCharacters("name")],
    )
    player_2 = forms.CharField(
        label=gettext_lazy("Seat 2"), max_length=MAX_NAME, validators=[NoControlCharacters("name")]
    )
    player_3 = forms.CharField(
        label=gettext_lazy("Seat 3 (optional)"),
        max_length=MAX_NAME,
        required=False,
        validators=[NoControlCharacters("name")],
    )
    player_4 = forms.CharField(
        label=gettext_lazy("Seat 4 (optional)"),
        max_length=MAX_NAME,
        required=False,
        validators=[NoControlCharacters("name")],
    )
    setup_roll = forms.BooleanField(
        label=gettext_lazy("Dice Challenge: every player rolls at set-up"),
        required=False,
        initial=True,
    )

    def players(self) -> list[str]:
        return [self.cleaned_data[f"player_{i}"] for i in range(1, 5)]


def _int(data: QueryDict, name: str) -> int:
    number = whole_number(data.get(name, ""))
    if number is None:
        raise DomainError(_("Choose the player (seat number)."), field=name)
    return number


def _picks(data: QueryDict, prefix: str, limit: int = 6) -> list[str]:
    """The non-empty values of ``prefix_0``, ``prefix_1``... in order, upper case."""
    out = []
    for i in range(limit):
        value = data.get(f"{prefix}_{i}", "").strip().upper()
        if value:
            out.append(value)
    return out


def _steps(data: QueryDict) -> list[dict[str, Any]]:
    """Dice resolve: ``step_i`` is "m:R" (match a red die), "w:GG:Y" (a wild pair of green for
    yellow) or "w:GG" (for the colour in ``colour_i``), in the order scored; empty rows are
    skipped."""
    steps: list[dict[str, Any]] = []
    for i in range(4):
        value = data.get(f"step_{i}", "").strip().upper()
        if not value:
            continue
        what, _sep, rest = value.partition(":")
        faces, _sep, target = rest.partition(":")
        if what == "M":
            steps.append({"match": faces})
        elif what == "W":
            colour = target or data.get(f"colour_{i}", "").strip().upper()
            if not colour:
                raise DomainError(
                    _("Step %(n)s uses dice wild: choose the colour they score.") % {"n": i + 1},
                    field=f"colour_{i}",
                )
            steps.append({"wild": list(faces), "colour": colour})
        else:
            raise DomainError(_("Step %(n)s cannot be read.") % {"n": i + 1}, field=f"step_{i}")
    return steps


def action_from_post(table: Game, data: QueryDict) -> dict[str, Any]:
    """The action a page's form posted, in the record's form (full mode leaves out what the
    site rolls, deals or draws)."""
    kind = data.get("kind", "").strip()
    action: dict[str, Any] = {"type": kind}
    if kind != "refill":
        action["player"] = _int(data, "player")
    full = table.mode == Game.Mode.FULL
    challenge = table.challenge
    if kind == "roll" and not full:
        action["faces"] = _picks(data, "face", 4)
    elif kind == "resolve":
        action["steps"] = _steps(data)
    elif kind == "refill" and not full:
        action["tiles"] = _picks(data, "tile", 3)
    elif kind == "draw" and challenge == "tile" and not full:
        action["tile"] = data.get("tile", "").strip().upper()
    elif kind == "free":
        action["colour"] = data.get("colour", "").strip().upper()
    elif kind == "faceup" and not full:
        action["cards"] = _picks(data, "card", 2)
    elif kind == "play":
        action["card"] = data.get("card", "").strip().upper()
        action["first"] = data.get("first", "").strip().upper()
    elif kind == "swap" and not full:
        action["hand"] = _picks(data, "hand", 6) + _shown(data)
    return action


def _shown(data: QueryDict) -> list[str]:
    """A table-mode swap's hand as the page counts it: ``shown_RB`` is how many RB were shown."""
    out = []
    for kind in CARD_KINDS:
        count = whole_number(data.get(f"shown_{kind}", "") or "0")
        if count is None or not 0 <= count <= HAND:
            raise DomainError(
                _("Say how many %(card)s cards were shown (0 to 6).") % {"card": kind},
                field=f"shown_{kind}",
            )
        out += [kind] * count
    return out


COLOUR_CHOICES = [(c, c) for c in COLOURS]
