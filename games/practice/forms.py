"""The practice page's start form: the engine's strength, who moves first, and the form's
one-time token (the same form sent twice starts one game)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from games.practice.models import PracticeGame

FIRST = (
    ("first", gettext_lazy("I move first")),
    ("second", gettext_lazy("The engine moves first")),
)


class StartForm(forms.Form):
    strength = forms.ChoiceField(
        label=gettext_lazy("The engine's strength"),
        choices=[
            (PracticeGame.Strength.EASY, gettext_lazy("Easy: a random legal placement")),
            (PracticeGame.Strength.MEDIUM, gettext_lazy("Medium: the placement scoring most")),
            (
                PracticeGame.Strength.STRONG,
                gettext_lazy("Strong: the analysis engine, looking ahead"),
            ),
        ],
        initial=PracticeGame.Strength.EASY,
        widget=forms.RadioSelect,
        error_messages={
            "required": gettext_lazy("Choose the engine's strength: Easy, Medium or Strong."),
            "invalid_choice": gettext_lazy("Choose the engine's strength: Easy, Medium or Strong."),
        },
    )
    first = forms.ChoiceField(
        label=gettext_lazy("Who moves first"),
        choices=FIRST,
        initial="first",
        widget=forms.RadioSelect,
        error_messages={
            "required": gettext_lazy("Say who moves first: you or the engine."),
            "invalid_choice": gettext_lazy("Say who moves first: you or the engine."),
        },
    )
    token = forms.UUIDField(
        widget=forms.HiddenInput,
        error_messages={
            "required": gettext_lazy("This form is out of date: start the game from a fresh page."),
            "invalid": gettext_lazy("This form is out of date: start the game from a fresh page."),
        },
    )
