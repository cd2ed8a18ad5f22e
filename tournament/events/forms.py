"""Forms of the director pages. They parse what was typed; the services decide what is allowed."""

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.core.chains import DEFAULT_PRESET, PRESETS
from scoring.core.tiebreaks import CATALOGUE
from tournament.events import options
from tournament.events.online_fields import ALERT_BLANK_IS_NONE, ALERT_REQUIRED, OnlineFields
from tournament.events.selectors import chain_problems, tiebreak_labels
from tournament.festivals.selectors import pending_request_of
from tournament.fields import WholeNumberChoiceField, WholeNumberFormField, form_field
from tournament.models.events import Event, EventRole, Festival
from tournament.models.lag import LAG_BANK_MAX_MS, LAG_BANK_MS, LAG_CAP_MAX_MS, LAG_CAP_MS
from tournament.models.where import EventPlayed
from tournament.reading import whole_number
from tournament.text import NoControlCharacters
from tournament.widgets import DateInput

CUSTOM = "custom"


# The presets' names, in the reader's language (scoring.core.chains names them by key).
PRESET_NAMES = {
    "mso-ingenious": _("MSO Ingenious"),
    "mso-two-player": _("MSO two-player"),
    "chess": _("Chess"),
}


BYE_VALUES = [("1.0", _("1 point")), ("0.5", _("½ point")), ("0.0", _("0 points"))]


def tiebreak_preset_choices() -> list[tuple[str, str]]:
    """Each preset by its name and its tie-breaks, in the reader's language."""
    presets = [
        (
            name,
            gettext("%(preset)s: %(tiebreaks)s")
            % {
                "preset": PRESET_NAMES.get(name, name.replace("-", " ").capitalize()),
                "tiebreaks": ", ".join(tiebreak_labels(keys)),
            },
        )
        for name, keys in PRESETS.items()
    ]
    return [*presets, (CUSTOM, gettext("Custom (list below)"))]


def custom_tiebreaks_help() -> str:
    """What the custom list takes: the tie-breaks' keys, each with its name to the reader."""
    keys = sorted(CATALOGUE)
    labels = tiebreak_labels(keys)
    named = ", ".join(f"{key} ({label})" for key, label in zip(keys, labels, strict=True))
    return gettext("Comma-separated keys, in order: %(keys)s") % {"keys": named}


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


class EventForm(OnlineFields):
    name = forms.CharField(
        label=_("Name"), max_length=200, validators=[NoControlCharacters("name")]
    )
    venue = forms.CharField(
        label=_("Venue"), max_length=200, required=False, validators=[NoControlCharacters("venue")]
    )
    boards_played = forms.ChoiceField(
        label=_("Where the boards are played"),
        choices=EventPlayed.choices,
        required=False,
        help_text=_(
            "Online boards are dealt by the site and played at the players' screens; in a "
            "hybrid event a round, or an entry playing online, decides each board"
        ),
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
            "Standard: 2, 3 or 4; tables of 4 and 3 are mixed when the players do not divide "
            "(tables of 3 and 2 for 3). Challenges: 3 or 4 (a table may then seat 2 to 4)."
        ),
    )
    # The board game's options (tournament/events/options.py says which apply to which event).
    placement_rule = forms.ChoiceField(
        label=_("Placement"),
        choices=[
            ("touch", _("Touch: every tile touches a placed tile or a start symbol (MSO)")),
            ("first-round", _("First round: each player's first tile at a free start symbol")),
        ],
        required=False,
        help_text=_(
            "First round (the standard game): each player's first tile touches a start symbol "
            "no tile touches yet; later tiles go anywhere."
        ),
    )
    bonus_placements = forms.ChoiceField(
        label=_("Bonus placements"),
        choices=[
            ("placement", _("One per placement at most (MSO)")),
            ("colour", _("One per colour reaching 18 (standard)")),
            (options.NO_BONUS, _("None")),
        ],
        required=False,
        help_text=_("When two colours reach 18 with one placement: MSO gives one, standard two."),
    )
    board_radius = forms.ChoiceField(
        label=_("Board"),
        choices=[
            ("", _("By players per table (radius 5, 6 or 7)")),
            ("5", _("Radius 5 (the board for two)")),
            ("6", _("Radius 6 (the board for three)")),
            ("7", _("Radius 7 (the whole board)")),
        ],
        required=False,
        help_text=_("By players per table: radius 5 for two, 6 for three, 7 for four."),
    )
    track = forms.ChoiceField(
        label=_("Score track"),
        choices=[("18", _("18")), ("36", _("36: the double-length track"))],
        required=False,
        help_text=_("The double-length track: 0-18 on the first board, then 0-18 on the second."),
    )
    rack_size = forms.ChoiceField(
        label=_("Tiles on a rack"),
        choices=[(str(n), str(n)) for n in range(6, 0, -1)],
        required=False,
    )
    swap_allowed = forms.ChoiceField(
        label=_("Swapping tiles"),
        choices=[(options.YES, _("Allowed")), (options.NO, _("Not allowed"))],
        required=False,
        help_text=_("A player whose rack shows none of their lowest colours may swap it."),
    )
    challenge_sequence = forms.CharField(
        label=_("Challenges, round by round"),
        required=False,
        max_length=300,
        help_text=_(
            "The challenges the rounds play in turn, e.g. card, dice, tile (each round's can "
            "be changed on its draft)"
        ),
    )
    challenge_mode = forms.ChoiceField(
        label=_("The tables are recorded"),
        choices=[
            ("table", _("By the arbiter, from what the table shows")),
            ("full", _("By the site, which deals, rolls and draws (for online play)")),
        ],
        required=False,
    )
    dice_setup = forms.ChoiceField(
        label=_("Dice Challenge set-up"),
        choices=[
            (options.DICE_ROLL, _("Every player rolls their dice")),
            (options.DICE_NO_ROLL, _("Nobody rolls (the optional starting rule)")),
        ],
        required=False,
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
    clock_lag_cap_ms = WholeNumberFormField(
        label=_("Lag credited per clock press (milliseconds)"),
        min_value=0,
        max_value=LAG_CAP_MAX_MS,
        initial=LAG_CAP_MS,
        required=False,
        help_text=_(
            "A press that reaches the server late is charged when it was made, up to this "
            "much (0: none)"
        ),
    )
    clock_lag_bank_ms = WholeNumberFormField(
        label=_("Each player's lag bank (milliseconds)"),
        min_value=0,
        max_value=LAG_BANK_MAX_MS,
        initial=LAG_BANK_MS,
        required=False,
        help_text=_("What a player may be credited in all, beyond half the above per press"),
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
        choices=[("club", _("Club")), ("family", _("Family")), ("country", _("Country"))],
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
    tiebreak_custom = forms.CharField(required=False, label=_("Custom tie-breaks"))

    # The ruleset whose options the option fields show: the page's script sets it when it
    # sets them to another ruleset's.
    options_for = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, event: Event | None = None, **kwargs: Any) -> None:
        if event is not None and "initial" not in kwargs:
            kwargs["initial"] = self.initial_of(event)
        elif event is None:  # a new event: MSO's options, as the page shows them
            own = options.form_values(Event.Ruleset.MSO, {})
            own["options_for"] = Event.Ruleset.MSO
            kwargs["initial"] = {**own, **(kwargs.get("initial") or {})}
        super().__init__(*args, **kwargs)
        self.event = event
        #: What the form left unsaved because it does not apply, in the director's words.
        self.ignored: list[str] = []
        # Worded for each page, in its reader's language.
        form_field(self, "tiebreak_preset", forms.ChoiceField).choices = tiebreak_preset_choices()
        self.fields["tiebreak_custom"].help_text = custom_tiebreaks_help()
        # A field that does not apply is not sent (the page's script disables it): not required.
        for name in options.FIELDS:
            if not self.applies(name):
                self.fields[name].required = False

    @staticmethod
    def initial_of(event: Event) -> dict[str, Any]:
        preset = preset_of(event.tiebreak_chain)
        return {
            "name": event.name,
            "venue": event.venue,
            "boards_played": event.boards_played,
            "start_date": event.start_date,
            "end_date": event.end_date,
            # A request waiting for the festival's directors: saved unchanged, it still waits.
            "festival": getattr(pending_request_of(event), "festival_id", event.festival_id),
            "ruleset": event.ruleset,
            "table_size": event.table_size,
            **options.form_values(event.ruleset, dict(event.ruleset_options or {})),
            "options_for": event.ruleset,
            "pairing_system": event.pairing_system,
            "rounds": event.rounds,
            "clock_minutes": event.clock_minutes,
            "clock_lag_cap_ms": event.clock_lag_cap_ms,
            "clock_lag_bank_ms": event.clock_lag_bank_ms,
            **OnlineFields.initial_of_event(event),
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

    def _chosen(self, name: str) -> Any:
        if self.is_bound and name in self.data:
            return self.data.get(name)
        return self.get_initial_for_field(self.fields[name], name)

    def chosen(self) -> tuple[str, Any, str]:
        """The ruleset, players per table and pairing system the form is for: as sent, else as
        the event (or a new event) has them."""
        ruleset = str(self._chosen("ruleset") or Event.Ruleset.MSO)
        system = str(self._chosen("pairing_system") or Event.PairingSystem.AUTO)
        return ruleset, self._chosen("table_size"), system

    def applies(self, name: str) -> bool:
        """Whether the field ``name`` applies to the event as chosen (the page shows it); the
        custom tie-breaks, when the tie-breaks chosen are a custom list."""
        if name == "tiebreak_custom" and self._chosen("tiebreak_preset") != CUSTOM:
            return False
        return options.applies(name, *self.chosen())

    def sections(self) -> list["Section"]:
        """The fields in the page's groups, each with whether it applies."""
        return [
            Section(legend, [Shown(self[name], self.applies(name)) for name in names])
            for legend, names in SECTIONS
        ]

    def _changed(self, name: str) -> bool:
        """Whether the director changed the field from what the page showed (a value the
        field cannot read counts as changed)."""
        bound = self[name]
        try:
            return bool(self.fields[name].has_changed(bound.initial, bound.data))
        except forms.ValidationError:
            return True

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        # Sent and changed, yet not for this event: not saved, and the director is told. (A size
        # the ruleset does not allow goes to the service, which refuses it.)
        for name in options.FIELDS:
            sent = name in self.data and name != "table_size"
            if sent and not self.applies(name) and self._changed(name):
                self.ignored.append(
                    _(
                        "%(field)s does not apply to this event (its ruleset, players per "
                        "table or pairing system): it was not saved."
                    )
                    % {"field": self.fields[name].label}
                )
        preset = data.get("tiebreak_preset")
        if not self.applies("tiebreak_preset"):
            pass
        elif preset == CUSTOM:
            names = [n.strip() for n in data.get("tiebreak_custom", "").split(",") if n.strip()]
            problems = chain_problems(names)
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

    def _ruleset_options(self, data: dict[str, Any]) -> dict[str, Any]:
        """The event's ruleset options from the option fields that apply; options the form
        has no field for stay while the ruleset does."""
        ruleset = str(data.get("ruleset") or "")
        stored = dict(self.event.ruleset_options or {}) if self.event is not None else {}
        if self.event is not None and self.event.ruleset != ruleset:
            left = options.unmanaged(stored)
            if left:
                self.ignored.append(
                    _("The options %(names)s of the former ruleset do not apply: removed.")
                    % {"names": ", ".join(sorted(left))}
                )
            stored = {}
        kept = options.unmanaged(stored)
        # A field left out (an older page, a script) keeps what the event has.
        fields = options.option_fields(ruleset)
        if not fields:
            return kept
        # Options shown for another ruleset (the page without its script keeps the former
        # ruleset's): those the director left as they were are the chosen ruleset's own.
        fresh = "options_for" in self.data and self.data.get("options_for") != ruleset
        given = {
            n: data[n]
            for n in fields
            if self.applies(n) and n in self.data and n in data and (not fresh or self._changed(n))
        }
        return kept | options.ruleset_options(ruleset, given, stored)

    def event_data(self) -> dict[str, Any]:
        """The cleaned form as the services' event fields: the fields that apply (the others
        keep the event's values), the option fields as the ruleset options."""
        data = dict(self.cleaned_data)
        data["ruleset_options"] = self._ruleset_options(data)
        ruleset = data.get("ruleset")
        sent_size = data.get("table_size")
        for name in options.OPTION_FIELDS:
            data.pop(name, None)  # in the ruleset options now
        for name in options.FIELDS:
            if not self.applies(name):  # left as the event has it
                data.pop(name, None)
        data.pop("tiebreak_preset", None)
        data.pop("tiebreak_custom", None)
        data.pop("options_for", None)
        fixed = options.FIXED_TABLE_SIZE.get(str(ruleset))
        if fixed is not None and sent_size not in (None, 2):
            data["table_size"] = sent_size  # a size the ruleset does not allow: refused
        elif fixed is not None:
            # Not sent, or the form's default of 2: the only size the ruleset has.
            data["table_size"] = fixed
        elif ruleset == Event.Ruleset.CHALLENGES and data.get("table_size") == 2:
            data["table_size"] = 4  # the form's default size: an event of challenges gets 4
        if not data.get("boards_played"):  # not sent (an older page): kept as the event has it
            data.pop("boards_played", None)
        for name in (
            "table_size",
            "clock_lag_cap_ms",
            "clock_lag_bank_ms",
            "online_delay_seconds",
            "online_delay_placements",
            *ALERT_REQUIRED,
        ):
            if data.get(name) is None:  # not sent (an older page): kept as the event has it
                data.pop(name, None)
        for name in ALERT_BLANK_IS_NONE:
            if name not in self.data:  # not sent (an older page); sent blank: none
                data.pop(name, None)
        return data


@dataclass(frozen=True)
class Shown:
    """A field of the event form, and whether it applies to the event as chosen."""

    field: forms.BoundField
    applies: bool


@dataclass(frozen=True)
class Section:
    legend: str
    fields: list[Shown]


SECTIONS: list[tuple[Any, tuple[str, ...]]] = [
    (
        _("The event"),
        (
            "name",
            "venue",
            "boards_played",
            "start_date",
            "end_date",
            "festival",
        ),
    ),
    (
        _("The game"),
        (
            "ruleset",
            "table_size",
            *options.OPTION_FIELDS,
            "clock_minutes",
            "clock_lag_cap_ms",
            "clock_lag_bank_ms",
        ),
    ),
    (
        _("Online boards"),
        (
            "duplicate_boards",
            "online_delay_seconds",
            "online_delay_placements",
            "online_call_pauses_clock",
            "online_partners_see_racks",
            "online_disconnect_alert_seconds",
            "online_first_move_seconds",
            "online_absent_lose",
            "online_long_think_seconds",
        ),
    ),
    (
        _("Pairing"),
        (
            "pairing_system",
            "rounds",
            "acceleration",
            "keep_apart",
            "bye_value",
            "requested_bye_points",
            "check_in_required",
        ),
    ),
    (_("Standings"), ("tiebreak_preset", "tiebreak_custom")),
    (_("Entries"), ("entry_open", "entry_approval")),
]


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
