"""Forms of the import files: a players' CSV for an event, a TRF file as a new event. They
check the upload's size (settings.MAX_IMPORT_BYTES) before reading it; the services parse it."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.acting import oversize
from tournament.models.events import Entry
from tournament.text import NoControlCharacters


class CsvImportForm(forms.Form):
    file = forms.FileField(
        label=_("CSV file"),
        help_text=_("Header row: name, and optionally club, country, rating, contact, family."),
    )
    missed_rounds = forms.ChoiceField(
        choices=Entry.MissedRounds.choices,
        initial=Entry.MissedRounds.ZERO,
        required=False,
        label=_("Missed rounds (late entries)"),
    )

    def __init__(self, *args: Any, teams: bool = False, **kwargs: Any) -> None:
        # Shown beside the add-a-player form: ids of its own, so each label finds its field.
        kwargs.setdefault("auto_id", "id_csv_%s")
        super().__init__(*args, **kwargs)
        if teams:  # a partnership event's file: a team a line, the partner's columns too
            self.fields["file"].help_text = _(
                "Header row: name and partner, and optionally club, country, rating, contact, "
                "family and partner_club, partner_country, partner_rating, partner_contact, "
                "partner_family."
            )

    def clean_missed_rounds(self) -> str:
        return self.cleaned_data["missed_rounds"] or Entry.MissedRounds.ZERO

    csv_text = ""

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if too_large := oversize(upload.size):
            raise forms.ValidationError(too_large)
        try:
            self.csv_text = upload.read().decode("utf-8-sig")
        except UnicodeDecodeError:
            raise forms.ValidationError(
                _("The file is not UTF-8 text: save it as CSV UTF-8.")
            ) from None
        return upload


class TrfImportForm(forms.Form):
    """A TRF file (TRF-16 or TRF-2026) to import as a new event."""

    file = forms.FileField(label=_("TRF file"), help_text=_("TRF-16 or TRF-2026, at most 1 MB"))
    name = forms.CharField(
        max_length=200,
        required=False,
        label=_("Event name"),
        help_text=_("Leave empty to use the file's tournament name (line 012)"),
        validators=[NoControlCharacters("name")],
    )

    trf_text = ""

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if too_large := oversize(upload.size):
            raise forms.ValidationError(too_large)
        raw = upload.read()
        try:
            self.trf_text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            # FIDE's format predates UTF-8; older programs write Latin-1.
            self.trf_text = raw.decode("latin-1")
        return upload
