"""The entries page's fields for a partnership event's team (services/teams.py): the partner,
chosen from the registry or typed in, beside the first player of ``forms.EntryForm``."""

from typing import Any

from django import forms
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from tournament.fields import WholeNumberChoiceField, form_field
from tournament.models.events import Event, Player
from tournament.registry.forms import PlayerDetailsForm, detail_field

# The partner's fields, beside the first player's.
PARTNER_LABELS = {
    "name": _("Partner's name"),
    "club": _("Partner's club"),
    "country": _("Partner's country"),
    "rating": _("Partner's rating"),
}


def add_partner_fields(form: forms.Form, event: Event, free: QuerySet[Player]) -> bool:
    """Give ``form`` the partner's fields when the event's entries are teams; ``free``: the
    registry players in no entry of the event. True when the event is one of teams."""
    if event.ruleset != Event.Ruleset.PARTNERSHIP:
        return False
    partners = event.entries.exclude(partner=None).values_list("partner_id", flat=True)
    free = free.exclude(pk__in=partners).order_by("name")  # a player is in one team only
    form_field(form, "player", forms.ModelChoiceField).queryset = free
    form.fields["partner"] = WholeNumberChoiceField(
        queryset=free,
        required=False,
        label=_("Partner from the registry"),
        empty_label=_("— a new player (fill in below) —"),
    )
    for name in ("name", "club"):  # the registry's fields and checks, as the first player's
        label = PARTNER_LABELS[name]
        field = detail_field(PlayerDetailsForm, name, label, required=False)
        form.fields[f"partner_{name}"] = field
    # The partner right after the first player, before the entry's own fields.
    first = [name for name in form.fields if not name.startswith("partner")]
    at = first.index("contact") + 1 if "contact" in first else len(first)
    form.order_fields([*first[:at], "partner", "partner_name", "partner_club", *first[at:]])
    return True


def check_partner(form: forms.Form, data: dict[str, Any]) -> None:
    if not data.get("partner") and not (data.get("partner_name") or "").strip():
        form.add_error(
            "partner_name", _("A team is two players: choose the partner or type their name.")
        )


def partner_fields(form: forms.Form) -> dict[str, Any] | None:
    """A new partner's fields, when the partner is typed in rather than chosen."""
    name = (form.cleaned_data.get("partner_name") or "").strip()
    if not name:
        return None
    return {"name": name, "club": form.cleaned_data.get("partner_club") or ""}
