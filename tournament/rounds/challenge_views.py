"""A director changes the challenge a draft round of an event of challenges plays (the round
page's draft section, templates/challenges/_round_challenge.html). Thin: the service checks."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.models.events import Round
from tournament.pages import carry_out, director_or_deny, get_event
from tournament.rounds import challenges as challenge_rounds


@require_POST
def round_challenge(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = get_event(slug)
    if denied := director_or_deny(request, event):
        return denied
    round_ = get_object_or_404(Round, event=event, number=number)
    challenge = request.POST.get("challenge", "")
    return carry_out(
        request,
        lambda: challenge_rounds.set_round_challenge(
            round_=round_,
            user=request.user,
            challenge=challenge,
            reason=request.POST.get("reason", ""),
        ),
        _("Round %(number)s plays the %(challenge)s challenge.")
        % {"number": number, "challenge": challenge},
        reverse("event-round", args=[slug, number]),
    )
