"""Forms of the director pages. They parse what was typed; the services decide what is allowed."""

import json
from decimal import Decimal
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.core.chains import DEFAULT_PRESET, PRESETS, validate_chain
from scoring.core.tiebreaks import CATALOGUE
from tournament.events.selectors import tiebreak_labels
from tournament.festivals.selectors import pending_request_of
from tournament.fields import WholeNumberChoiceField, WholeNumberFormField, form_field
from tournament.models.events import Event, EventRole, Festival
from tournament.reading import JsonRefused, read_json, whole_number
from tournament.rounds import challenges as challenge_rounds
from tournament.text import NoControlCharacters
from tournament.widgets import DateInput

CUSTOM = "custom"


PRESET_NAMES = {"mso-ingenious": "MSO Ingenious", "mso-two-player": "MSO two-player"}


BYE_VALUES = [("1.0", _("1 point")), ("0.5", _("½ point")), ("0.0", _("0 points"))]


def tiebreak_preset_choices() -> list[tuple[str, str]]:
    presets = [
        (name, f"{PRESET_NAMES.get(name, name.capitalize())}: {', '.join(tiebreak_labels(keys))}")
        for name, keys in PRESETS.items()
    ]
    return [*presets, (CUSTOM, gettext("Custom (list below)"))]


def preset_of(chain: list[str]) -> str:
    for name, names in PRESETS.items():
        if list(names) == list(chain):
            return name
    return CUSTOM


def parse_rounds(text: str) -> list[int]:
    """ "3, 5" -> [3, 5]; raises ValidationError naming the bad part."""
    rounds = []
    for part in text.replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        number = whole_number(part)
        if number is None:
            raise forms.ValidationError(
                _("%(part)s is not a round number.") % {"part": repr(part[:20])}
            )
        rounds.append(number)
    return rounds


def parse_byes(text: str) -> list[int | tuple[int, str]]:
    """ "3, 5=1, 6=0" -> [3, (5, "1"), (6, "0")]: rounds of requested byes, with a value (0, ½
    or 1 point) when it is not the default ½; raises ValidationError naming the bad part."""
    byes: list[int | tuple[int, str]] = []
    for part in text.replace(";", ",").split(","):
        number, sep, value = part.partition("=")
        if not sep:
            number, sep, value = part.partition(":")
        if not sep:
            byes.extend(parse_rounds(number))
        elif (round_number := whole_number(number.strip())) is None or not value.strip():
            raise forms.ValidationError(
                _("%(part)s is not a round and a bye value, e.g. 5=1 or 5=½.")
                % {"part": repr(part.strip()[:30])}
            )
        else:
            byes.append((round_number, value.strip()))
    return byes


class EventForm(forms.Form):
    name = forms.CharField(
        label=_("Name"), max_length=200, validators=[NoControlCharacters("name")]
    )
    venue = forms.CharField(
        label=_("Venue"), max_length=200, required=False, validators=[NoControlCharacters("venue")]
    )
    start_date = forms.DateField(label=_("Start date"), required=False, widget=DateInput())
    end_date = forms.DateField(label=_("End date"), required=False, widget=DateInput())
    festival = WholeNumberChoiceField(
        queryset=Festival.objects.order_by("-starts", "name"),
        required=False,
        label=_("Festival"),
        empty_label=_("None: a stand-alone event"),
        help_text=_(
            "Optional: the festival (e.g. the MSO) the event belongs to. Unless you direct "
            "the festival, its directors approve the event first."
        ),
    )
    ruleset = forms.ChoiceField(
        label=_("Ruleset"),
        # The model's labels say "2 players"; here the table size is chosen beside the ruleset.
        choices=[
            (Event.Ruleset.MSO, _("MSO (2 players)")),
            (Event.Ruleset.STANDARD, _("Standard (2, 3 or 4 players)")),
            (Event.Ruleset.PARTNERSHIP, _("Partnership (two teams of two, 4 per table)")),
            (Event.Ruleset.SOLITAIRE, _("Duplicate solitaire (everyone alone, 1 per table)")),
            (Event.Ruleset.CHALLENGES, _("Ingenious Challenges (Card, Dice, Tile; 3 or 4)")),
        ],
        initial=Event.Ruleset.MSO,
    )
    table_size = forms.TypedChoiceField(
        label=_("Players per table"),
        choices=[(1, "1"), (2, "2"), (3, "3"), (4, "4")],
        coerce=int,
        initial=2,
        required=False,  # left out: 2 for a new event, unchanged for an edited one
        empty_value=None,
        help_text=_(
            "MSO: 2 only. Standard: 2, 3 or 4; tables of 4 and 3 are mixed when the players "
            "do not divide (tables of 3 and 2 for 3). Duplicate solitaire: 1"
        ),
    )
    ruleset_options = forms.CharField(
        label=_("Ruleset options"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_('JSON object of engine overrides, e.g. {"placement_rule": "first-round"}'),
    )
    challenge_sequence = forms.CharField(
        label=_("Challenges, round by round"),
        required=False,
        max_length=300,
        help_text=_(
            "Ingenious Challenges only: the challenges the rounds play in turn, e.g. "
            "card, dice, tile (each round's can be changed on its draft)"
        ),
    )
    pairing_system = forms.ChoiceField(
        label=_("Pairing system"),
        choices=Event.PairingSystem.choices,
        initial=Event.PairingSystem.AUTO,
    )
    rounds = WholeNumberFormField(label=_("Rounds"), min_value=1, max_value=30, initial=7)
    clock_minutes = WholeNumberFormField(
        label=_("Clock minutes"),
        min_value=1,
        max_value=180,
        initial=10,
        help_text=_("Per player, sudden death"),
    )
    bye_value = forms.TypedChoiceField(
        choices=BYE_VALUES, coerce=Decimal, initial="1.0", label=_("Bye value")
    )
    tiebreak_preset = forms.ChoiceField(label=_("Tie-breaks"), initial=DEFAULT_PRESET)
    acceleration = forms.ChoiceField(
        choices=Event.Acceleration.choices,
        required=False,
        label=_("Accelerated pairings"),
        help_text=_("Baku: FIDE's acceleration for large Swiss fields (shown on each draft)"),
    )
    keep_apart = forms.MultipleChoiceField(
        choices=[("club", "Club"), ("family", "Family"), ("country", "Country")],
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label=_("Keep apart players of the same"),
        help_text=_("Such pairs meet only when no pairing exists otherwise (the draft says so)"),
    )
    requested_bye_points = forms.MultipleChoiceField(
        choices=[("0", "0"), ("0.5", "½"), ("1", "1")],
        required=False,
        initial=["0.5"],
        widget=forms.CheckboxSelectMultiple,
        label=_("Requested byes may be worth"),
        help_text=_("Points; none ticked: ½ only"),
    )
    entry_open = forms.BooleanField(
        required=False,
        label=_("Players may enter online"),
        help_text=_("Signed-in players see an “Enter this event” button on the event page"),
    )
    entry_approval = forms.BooleanField(
        required=False,
        label=_("Online entries wait for a director's approval"),
        help_text=_("Else an online entry is accepted at once"),
    )
    check_in_required = forms.BooleanField(
        required=False,
        label=_("Players must check in before each round"),
        help_text=_("Who has not checked in when a round is paired is not paired (absent, 0)"),
    )
    tiebreak_custom = forms.CharField(
        required=False,
        label=_("Custom tie-breaks"),
        help_text="Comma-separated, in order: " + ", ".join(sorted(CATALOGUE)),
    )

    def __init__(self, *args: Any, event: Event | None = None, **kwargs: Any) -> None:
        if event is not None and "initial" not in kwargs:
            kwargs["initial"] = self.initial_of(event)
        super().__init__(*args, **kwargs)
        form_field(self, "tiebreak_preset", forms.ChoiceField).choices = tiebreak_preset_choices()

    @staticmethod
    def initial_of(event: Event) -> dict[str, Any]:
        preset = preset_of(event.tiebreak_chain)
        return {
            "name": event.name,
            "venue": event.venue,
            "start_date": event.start_date,
            "end_date": event.end_date,
            # A request waiting for the festival's directors: saved unchanged, it still waits.
            "festival": getattr(pending_request_of(event), "festival_id", event.festival_id),
            "ruleset": event.ruleset,
            "table_size": event.table_size,
            "ruleset_options": json.dumps(event.ruleset_options) if event.ruleset_options else "",
            "challenge_sequence": challenge_rounds.sequence_text(event),
            "pairing_system": event.pairing_system,
            "rounds": event.rounds,
            "clock_minutes": event.clock_minutes,
            "bye_value": f"{event.bye_value:.1f}",
            "tiebreak_preset": preset,
            "tiebreak_custom": ", ".join(event.tiebreak_chain) if preset == CUSTOM else "",
            "acceleration": event.acceleration,
            "keep_apart": event.keep_apart,
            # As stored: none ticked means ½ only, and ticking ½ for it would change the event.
            "requested_bye_points": event.requested_bye_points,
            "entry_open": event.entry_open,
            "entry_approval": event.entry_approval,
            "check_in_required": event.check_in_required,
        }

    def clean_ruleset_options(self) -> dict[str, Any]:
        text = self.cleaned_data["ruleset_options"].strip()
        if not text:
            return {}
        try:
            value = read_json(text)
        except json.JSONDecodeError as exc:
            raise forms.ValidationError(
                _("Not valid JSON: %(msg)s (column %(colno)s).")
                % {"msg": exc.msg, "colno": exc.colno}
            ) from None
        except JsonRefused as exc:
            if exc.code == "too_deep":
                raise forms.ValidationError(_("The JSON is nested too deeply.")) from None
            raise forms.ValidationError(_("The JSON contains a NUL character (\\u0000).")) from None
        if not isinstance(value, dict):
            raise forms.ValidationError(_('Give a JSON object, e.g. {"placement_rule": "..."}.'))
        return value

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        preset = data.get("tiebreak_preset")
        if preset == CUSTOM:
            names = [n.strip() for n in data.get("tiebreak_custom", "").split(",") if n.strip()]
            problems = validate_chain(names)
            if not names:
                self.add_error(
                    "tiebreak_custom",
                    _("Name at least one tie-break for a custom list, or choose a preset."),
                )
            elif problems:
                self.add_error("tiebreak_custom", "; ".join(problems))
            data["tiebreak_chain"] = names
        elif preset:
            data["tiebreak_chain"] = list(PRESETS[preset])
        return data

    def event_data(self) -> dict[str, Any]:
        """The cleaned form as the services' event fields."""
        data = dict(self.cleaned_data)
        data.pop("tiebreak_preset", None)
        data.pop("tiebreak_custom", None)
        if data.get("ruleset") == Event.Ruleset.PARTNERSHIP and data.get("table_size") == 2:
            data["table_size"] = 4  # the form's default size: partnership has only tables of 4
        if data.get("ruleset") == Event.Ruleset.SOLITAIRE and data.get("table_size") == 2:
            data["table_size"] = 1  # the form's default size: everyone plays solitaire alone
        challenge_rounds.form_data(data)  # the challenge sequence into the ruleset options
        if data.get("table_size") is None:
            data.pop("table_size", None)
        return data


class RoleForm(forms.Form):
    """A director or arbiter to name, and why (into the event's log)."""

    username = forms.CharField(label=_("Username"), max_length=150)
    role = forms.ChoiceField(label=_("Role"), choices=EventRole.Role.choices)
    reason = forms.CharField(
        label=_("Reason"),
        max_length=300,
        required=False,
        validators=[NoControlCharacters("reason")],
        help_text=_("Optional: why (it goes into the event's log)"),
    )
