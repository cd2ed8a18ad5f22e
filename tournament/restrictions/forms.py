"""Forms of the director pages. They parse what was typed; the services decide what is allowed."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.fields import form_field
from tournament.models.events import Event
from tournament.text import NoControlCharacters


class ForbiddenPairForm(forms.Form):
    """Two entries the pairing keeps apart, and why."""

    first = forms.TypedChoiceField(coerce=int, label=_("Player"))
    second = forms.TypedChoiceField(coerce=int, label=_("Kept apart from"))
    reason = forms.CharField(
        max_length=200,
        label=_("Why"),
        help_text=_("e.g. siblings, same school team"),
        validators=[NoControlCharacters("reason")],
    )

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        entries = event.entries.select_related("player").order_by("starting_rank")
        choices = [(e.pk, f"{e.starting_rank}. {e.player.name}") for e in entries]
        form_field(self, "first", forms.ChoiceField).choices = choices
        form_field(self, "second", forms.ChoiceField).choices = choices
