"""Forms of the director pages. They parse what was typed; the services decide what is allowed."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.entries.team_forms import (
    PARTNER_LABELS,
    add_partner_fields,
    check_partner,
    partner_fields,
)
from tournament.events.forms import parse_byes
from tournament.fields import WholeNumberChoiceField, WholeNumberFormField, form_field
from tournament.models.events import Entry, Event, Player
from tournament.registry.forms import PlayerDetailsForm, detail_field
from tournament.text import NoControlCharacters


class RatedPlayerForm(PlayerDetailsForm):
    """A player's details as a director types them: with the rating."""

    rating = WholeNumberFormField(label=_("Rating"), min_value=0, max_value=4000, required=False)


class PlayerFieldsForm(RatedPlayerForm):
    """A new player typed in on the entries page: the name may be left out for a registry
    player chosen instead."""

    family = forms.CharField(
        label=_("Family"),
        max_length=120,
        required=False,
        help_text=_("Family name or household, to keep relatives apart if the event says so"),
        validators=[NoControlCharacters("family")],
    )
    contact = forms.CharField(
        label=_("Contact"),
        max_length=200,
        required=False,
        help_text=_("Not public"),
        validators=[NoControlCharacters("contact")],
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["name"].required = False  # the form's clean asks for a player or a name


class EntryForm(PlayerFieldsForm):
    """Enter a registry player, or a new one typed in."""

    player = WholeNumberChoiceField(
        queryset=Player.objects.none(),
        required=False,
        label=_("Player from the registry"),
        empty_label=_("— a new player (fill in below) —"),
    )
    missed_rounds = forms.ChoiceField(
        choices=Entry.MissedRounds.choices,
        initial=Entry.MissedRounds.ZERO,
        required=False,
        label=_("Missed rounds (late entry)"),
    )
    requested_byes = forms.CharField(
        required=False,
        label=_("Requested byes"),
        help_text=_("Round numbers, e.g. 3, 5 (½ point); 5=1 or 6=0 for another value"),
    )
    field_order = ["player", "name", "club", "country", "rating", "family", "contact"]

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        entered = event.entries.values_list("player_id", flat=True)
        registry = Player.objects.filter(merged_into__isnull=True)  # no merged duplicates
        free = registry.exclude(pk__in=entered).order_by("name")
        form_field(self, "player", forms.ModelChoiceField).queryset = free
        # A partnership event's entry is a team: its partner's fields too.
        self.teams = add_partner_fields(self, event, registry.exclude(pk__in=entered))

    def clean_requested_byes(self) -> list[int | tuple[int, str]]:
        return parse_byes(self.cleaned_data["requested_byes"])

    def clean_missed_rounds(self) -> str:
        return self.cleaned_data["missed_rounds"] or Entry.MissedRounds.ZERO

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not data.get("player") and not (data.get("name") or "").strip():
            self.add_error("name", _("Choose a registry player or type a new player's name."))
        if self.teams:
            check_partner(self, data)
        return data

    def partner_fields(self) -> dict[str, Any] | None:
        return partner_fields(self) if self.teams else None


class ByesForm(forms.Form):
    requested_byes = forms.CharField(required=False, label=_("Requested byes"))

    def clean_requested_byes(self) -> list[int | tuple[int, str]]:
        return parse_byes(self.cleaned_data["requested_byes"])


class PlaysOnlineForm(forms.Form):
    plays_online = forms.BooleanField(required=False, label=_("Plays online"))


class CorrectionForm(RatedPlayerForm):
    """What an entry says of its player, to correct (a partnership team's: both players)."""

    def __init__(self, *args: Any, entry: Entry, **kwargs: Any) -> None:
        players = [("", entry.player)]
        if entry.partner is not None:
            players.append(("partner_", entry.partner))
        kwargs.setdefault(
            "initial",
            {
                f"{prefix}{name}": getattr(player, name)
                for prefix, player in players
                for name in CORRECTED
            },
        )
        super().__init__(*args, **kwargs)
        self.teams = entry.partner is not None
        if self.teams:  # the partner's fields, as the first player's
            for name in CORRECTED:
                field = detail_field(CorrectionForm, name, PARTNER_LABELS[name])
                self.fields[f"partner_{name}"] = field

    def player_fields(self, prefix: str = "") -> dict[str, Any]:
        return {n: self.cleaned_data[f"{prefix}{n}"] for n in CORRECTED}

    def partner_fields(self) -> dict[str, Any] | None:
        return self.player_fields("partner_") if self.teams else None


CORRECTED = ("name", "club", "country", "rating")
