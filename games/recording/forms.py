"""Forms of the board page and the import page (the API has its own serializers)."""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.fields import WholeNumberFormField

_CLOCK_TIME = re.compile(r"^\s*(?:([0-9]{1,3}):)?([0-9]{1,2})(?:\.([0-9]{1,3}))?\s*$")


def parse_clock_time(text: str) -> int:
    """Milliseconds from "m:ss" (or a number of seconds, "ss"); ValueError when unreadable."""
    m = _CLOCK_TIME.match(text or "")
    if not m:
        raise ValueError(f"{text!r} is not a time such as 4:30")
    minutes = int(m.group(1) or 0)
    seconds = int(m.group(2))
    if m.group(1) is not None and seconds >= 60:
        raise ValueError(f"{text!r}: seconds must be below 60")
    fraction = int((m.group(3) or "0").ljust(3, "0"))
    return (minutes * 60 + seconds) * 1000 + fraction


class AdjustForm(forms.Form):
    #: any seat of the board, 0 to 3 (the clock service refuses a seat the board does not have,
    #: naming it and the board's seats)
    seat = WholeNumberFormField(label=_("Seat"), min_value=0)
    time = forms.CharField(label=_("Time"), max_length=12, help_text=_("Time left, e.g. 4:30"))
    reason = forms.CharField(label=_("Reason"), max_length=300)
    confirm_long = forms.BooleanField(label=_("Confirm long"), required=False)

    def clean_time(self) -> int:
        try:
            return parse_clock_time(self.cleaned_data["time"])
        except ValueError as exc:
            raise forms.ValidationError(str(exc)) from exc


class TakeBackForm(forms.Form):
    count = WholeNumberFormField(label=_("Count"), min_value=1, max_value=200, initial=1)
    reason = forms.CharField(label=_("Reason"), max_length=300)


class ImportForm(forms.Form):
    record = forms.CharField(
        label=_("Game record"),
        widget=forms.Textarea(attrs={"rows": 14, "spellcheck": "false"}),
        required=False,
        help_text=_("The record in JSON or in the text form"),
    )
    file = forms.FileField(label=_("File"), required=False, help_text=_("…or a .json / .txt file"))

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        upload = data.get("file")
        if upload:
            raw = upload.read(1_000_000)
            try:
                data["record"] = raw.decode("utf-8-sig")
            except UnicodeDecodeError as exc:
                raise forms.ValidationError(_("The file is not UTF-8 text.")) from exc
        if not (data.get("record") or "").strip():
            raise forms.ValidationError(_("Paste a record or choose a file."))
        return data
