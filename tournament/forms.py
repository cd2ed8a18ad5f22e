"""Forms of the director pages. They parse what was typed; the services decide what is allowed."""

import json
from decimal import Decimal
from typing import Any

from django import forms

from scoring import core as scoring_core
from tournament.models import Board, Entry, Event, EventRole, Player, Result
from tournament.selectors import result_choices, tiebreak_labels

CUSTOM = "custom"

PRESET_NAMES = {"mso-ingenious": "MSO Ingenious", "mso-two-player": "MSO two-player"}
BYE_VALUES = [("1.0", "1 point"), ("0.5", "½ point"), ("0.0", "0 points")]


def tiebreak_preset_choices() -> list[tuple[str, str]]:
    presets = [
        (name, f"{PRESET_NAMES.get(name, name.capitalize())}: {', '.join(tiebreak_labels(keys))}")
        for name, keys in scoring_core.PRESETS.items()
    ]
    return [*presets, (CUSTOM, "Custom (list below)")]


def preset_of(chain: list[str]) -> str:
    for name, names in scoring_core.PRESETS.items():
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
        if not part.isdigit():
            raise forms.ValidationError(f"{part!r} is not a round number.")
        rounds.append(int(part))
    return rounds


class EventForm(forms.Form):
    name = forms.CharField(max_length=200)
    venue = forms.CharField(max_length=200, required=False)
    start_date = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))
    end_date = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))
    ruleset = forms.ChoiceField(choices=Event.Ruleset.choices, initial=Event.Ruleset.MSO)
    ruleset_options = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text='JSON object of engine overrides, e.g. {"placement_rule": "first-round"}',
    )
    pairing_system = forms.ChoiceField(
        choices=Event.PairingSystem.choices, initial=Event.PairingSystem.AUTO
    )
    rounds = forms.IntegerField(min_value=1, max_value=30, initial=7)
    clock_minutes = forms.IntegerField(
        min_value=1, max_value=180, initial=10, help_text="Per player, sudden death"
    )
    bye_value = forms.TypedChoiceField(
        choices=BYE_VALUES, coerce=Decimal, initial="1.0", label="Bye value"
    )
    tiebreak_preset = forms.ChoiceField(label="Tie-breaks", initial=scoring_core.DEFAULT_PRESET)
    tiebreak_custom = forms.CharField(
        required=False,
        label="Custom tie-breaks",
        help_text="Comma-separated, in order: " + ", ".join(sorted(scoring_core.CATALOGUE)),
    )

    def __init__(self, *args: Any, event: Event | None = None, **kwargs: Any) -> None:
        if event is not None and "initial" not in kwargs:
            kwargs["initial"] = self.initial_of(event)
        super().__init__(*args, **kwargs)
        self.fields["tiebreak_preset"].choices = tiebreak_preset_choices()

    @staticmethod
    def initial_of(event: Event) -> dict[str, Any]:
        preset = preset_of(event.tiebreak_chain)
        return {
            "name": event.name,
            "venue": event.venue,
            "start_date": event.start_date,
            "end_date": event.end_date,
            "ruleset": event.ruleset,
            "ruleset_options": json.dumps(event.ruleset_options) if event.ruleset_options else "",
            "pairing_system": event.pairing_system,
            "rounds": event.rounds,
            "clock_minutes": event.clock_minutes,
            "bye_value": f"{event.bye_value:.1f}",
            "tiebreak_preset": preset,
            "tiebreak_custom": ", ".join(event.tiebreak_chain) if preset == CUSTOM else "",
        }

    def clean_ruleset_options(self) -> dict[str, Any]:
        text = self.cleaned_data["ruleset_options"].strip()
        if not text:
            return {}
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            raise forms.ValidationError(
                f"Not valid JSON: {exc.msg} (column {exc.colno})."
            ) from None
        except RecursionError:
            raise forms.ValidationError("The JSON is nested too deeply.") from None
        if not isinstance(value, dict):
            raise forms.ValidationError('Give a JSON object, e.g. {"placement_rule": "..."}.')
        return value

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        preset = data.get("tiebreak_preset")
        if preset == CUSTOM:
            names = [n.strip() for n in data.get("tiebreak_custom", "").split(",") if n.strip()]
            problems = scoring_core.validate_chain(names)
            if not names:
                self.add_error(
                    "tiebreak_custom",
                    "Name at least one tie-break for a custom list, or choose a preset.",
                )
            elif problems:
                self.add_error("tiebreak_custom", "; ".join(problems))
            data["tiebreak_chain"] = names
        elif preset:
            data["tiebreak_chain"] = list(scoring_core.PRESETS[preset])
        return data

    def event_data(self) -> dict[str, Any]:
        """The cleaned form as the services' event fields."""
        data = dict(self.cleaned_data)
        data.pop("tiebreak_preset", None)
        data.pop("tiebreak_custom", None)
        return data


class PlayerFieldsForm(forms.Form):
    name = forms.CharField(max_length=120, required=False)
    club = forms.CharField(max_length=120, required=False)
    country = forms.CharField(max_length=3, required=False, help_text="2 or 3 letters, e.g. ENG")
    rating = forms.IntegerField(min_value=0, max_value=4000, required=False)
    contact = forms.CharField(max_length=200, required=False, help_text="Not public")


class EntryForm(PlayerFieldsForm):
    """Enter a registry player, or a new one typed in."""

    player = forms.ModelChoiceField(
        queryset=Player.objects.none(),
        required=False,
        label="Player from the registry",
        empty_label="— a new player (fill in below) —",
    )
    missed_rounds = forms.ChoiceField(
        choices=Entry.MissedRounds.choices,
        initial=Entry.MissedRounds.ZERO,
        required=False,
        label="Missed rounds (late entry)",
    )
    requested_byes = forms.CharField(
        required=False, label="Requested byes", help_text="Round numbers, e.g. 3, 5"
    )
    field_order = ["player", "name", "club", "country", "rating", "contact"]

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        entered = event.entries.values_list("player_id", flat=True)
        self.fields["player"].queryset = Player.objects.exclude(pk__in=entered).order_by("name")

    def clean_requested_byes(self) -> list[int]:
        return parse_rounds(self.cleaned_data["requested_byes"])

    def clean_missed_rounds(self) -> str:
        return self.cleaned_data["missed_rounds"] or Entry.MissedRounds.ZERO

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not data.get("player") and not (data.get("name") or "").strip():
            self.add_error("name", "Choose a registry player or type a new player's name.")
        return data


class CsvImportForm(forms.Form):
    file = forms.FileField(
        label="CSV file",
        help_text="Header row: name, and optionally club, country, rating, contact.",
    )
    missed_rounds = forms.ChoiceField(
        choices=Entry.MissedRounds.choices,
        initial=Entry.MissedRounds.ZERO,
        required=False,
        label="Missed rounds (late entries)",
    )

    def clean_missed_rounds(self) -> str:
        return self.cleaned_data["missed_rounds"] or Entry.MissedRounds.ZERO

    csv_text = ""

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > 1_000_000:
            raise forms.ValidationError("The file is larger than 1 MB.")
        try:
            self.csv_text = upload.read().decode("utf-8-sig")
        except UnicodeDecodeError:
            raise forms.ValidationError(
                "The file is not UTF-8 text: save it as CSV UTF-8."
            ) from None
        return upload


class ByesForm(forms.Form):
    requested_byes = forms.CharField(required=False, label="Requested byes")

    def clean_requested_byes(self) -> list[int]:
        return parse_rounds(self.cleaned_data["requested_byes"])


class RoleForm(forms.Form):
    username = forms.CharField(max_length=150)
    role = forms.ChoiceField(choices=EventRole.Role.choices)


class SwapPlayersForm(forms.Form):
    first = forms.TypedChoiceField(coerce=int, label="Player")
    second = forms.TypedChoiceField(coerce=int, label="swaps seats with")
    reason = forms.CharField(max_length=300)

    def __init__(self, *args: Any, boards: list[Board], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices: list[tuple[str | int, str]] = [("", "—")]
        for b in boards:
            for entry in (b.first, b.second):
                if entry is not None:
                    choices.append((entry.pk, f"{entry.player.name} (board {b.number})"))
        self.fields["first"].choices = choices
        self.fields["second"].choices = choices


class SwapBoardsForm(forms.Form):
    board_a = forms.IntegerField(min_value=1, label="Board")
    board_b = forms.IntegerField(min_value=1, label="swaps table with board")
    reason = forms.CharField(max_length=300)


class ResultForm(forms.Form):
    result = forms.ChoiceField(required=False)
    first_lowest = forms.IntegerField(
        min_value=0, max_value=18, required=False, label="First player's lowest colour"
    )
    second_lowest = forms.IntegerField(
        min_value=0, max_value=18, required=False, label="Second player's lowest colour"
    )
    reason = forms.CharField(
        max_length=300, required=False, help_text="Needed when a result is corrected"
    )
    # The result the page showed: a result saved by someone else meanwhile is not overwritten.
    replaces = forms.CharField(max_length=10, required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, board: Board, **kwargs: Any) -> None:
        kwargs.setdefault(
            "initial",
            {
                "result": board.result,
                "first_lowest": board.first_lowest,
                "second_lowest": board.second_lowest,
                "replaces": board.result,
            },
        )
        super().__init__(*args, **kwargs)
        self.fields["result"].choices = [("", "— no result —"), *result_choices(board)]
        if board.is_bye:
            del self.fields["first_lowest"]
            del self.fields["second_lowest"]

    def clean_replaces(self) -> str | None:
        """None when the post has no such field (a form from before it existed): no check."""
        if self.add_prefix("replaces") not in self.data:
            return None
        value = str(self.cleaned_data["replaces"])
        if value and value not in Result.values:
            raise forms.ValidationError(f"{value!r} is not a result code: reload the page.")
        return value

    def seen(self, result: str) -> None:
        """Show the board's current result as the one seen, so the next submit is decided anew."""
        self.data = {**dict(self.data.items()), self.add_prefix("replaces"): result}


class ReopenForm(forms.Form):
    reason = forms.CharField(
        max_length=300,
        label="Why reopen it",
        help_text="Logged with the board's history, e.g. 'recording the game from the scoresheet'",
    )
