"""The practice table's pages: /practice/ (start a game, the owner's list), a game's page (the
player's page's table, static/js/play.js, without clocks or arbiter), its state, its actions,
the check of a placement, and its viewer. The owner alone sees any of them (404 for anyone
else); the anonymous are sent to sign in. Thin: reads in selectors, writes in services."""

from __future__ import annotations

import json
import uuid

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.play.selectors import check_placement, page_words
from games.play.views import json_body, refused
from games.practice import selectors, services
from games.practice.forms import StartForm
from games.practice.models import PracticeGame
from games.recording.views import record_download, replay_context
from tournament.errors import DomainError


def _own(request: HttpRequest, pk: int) -> PracticeGame:
    try:
        return selectors.practice_of(request.user, pk)
    except selectors.NoPracticeGame as exc:
        raise Http404(exc.message) from exc


@require_http_methods(["GET", "POST"])
@never_cache
def practice_home(request: HttpRequest) -> HttpResponse:
    """Start a practice game (POST, then to its page) and the user's own practice games."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    status = 200
    if request.method == "POST":
        form = StartForm(request.POST)
        if form.is_valid():
            data = form.cleaned_data
            try:
                practice = services.start(
                    user=request.user,
                    strength=data["strength"],
                    human_first=data["first"] == "first",
                    token=data["token"],
                )
            except DomainError as exc:
                form.add_error(None, exc.message)
            else:
                return redirect("practice-game", pk=practice.pk)
        status = 400
    else:
        form = StartForm(initial={"token": uuid.uuid4()})
    if form.is_bound:  # a refused form is sent again with a fresh token
        fresh = request.POST.copy()
        fresh["token"] = str(uuid.uuid4())
        form.data = fresh
    ctx = {"form": form, "rows": selectors.practice_list(request.user)}
    return render(request, "practice/home.html", ctx, status=status)


@require_GET
@never_cache
def practice_game(request: HttpRequest, pk: int) -> HttpResponse:
    """The owner's page of a practice game: the board, their rack, both tracks."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    practice = _own(request, pk)
    state = selectors.practice_state(practice)
    words = {**page_words(), "replying": _("The engine is playing its turn...")}
    ctx = {
        "practice": practice,
        "game": practice.game,
        "seat": practice.human_seat,
        "state": state,
        "state_url": reverse("practice-state", args=[practice.pk]),
        "act_url": reverse("practice-act", args=[practice.pk]),
        "check_url": reverse("practice-check", args=[practice.pk]),
        "words_json": json.dumps(words),
    }
    return render(request, "practice/play.html", ctx)


@require_GET
@never_cache
def practice_state(request: HttpRequest, pk: int) -> JsonResponse:
    """The owner's state (the player's page's keys, without clocks or arbiter); 404 for anyone
    else."""
    try:
        practice = selectors.practice_of(request.user, pk)
    except DomainError as exc:
        return refused(exc)
    return JsonResponse(selectors.practice_state(practice))


@require_POST
def practice_act(request: HttpRequest, pk: int) -> JsonResponse:
    """The owner's placement, swap or end of turn (then the engine's turn): the new state, or a
    4xx with the message (the engine's words for an illegal action)."""
    try:
        practice = services.act(user=request.user, pk=pk, data=json_body(request))
    except DomainError as exc:
        return refused(exc)
    return JsonResponse(selectors.practice_state(practice))


@require_POST
def practice_check(request: HttpRequest, pk: int) -> JsonResponse:
    """What a placement would score, or the engine's refusal. Nothing is stored."""
    try:
        practice = selectors.practice_of(request.user, pk)
        data = json_body(request)
        if not isinstance(data, dict):
            raise DomainError(_("A placement names its tile and its two cells."), field="cells")
        cells = data.get("cells")
        preview = check_placement(
            practice.game,
            practice.human_seat,
            str(data.get("tile") or ""),
            [str(c) for c in cells] if isinstance(cells, list) else [],
        )
    except DomainError as exc:
        return refused(exc)
    return JsonResponse(preview)


@require_GET
@never_cache
def practice_view(request: HttpRequest, pk: int) -> HttpResponse:
    """The game step by step (the games' viewer), with the engine's analysis once it is
    stored: the owner's alone."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    practice = _own(request, pk)
    ctx = {
        **replay_context(request, practice.game),
        "practice": practice,
        "sides": practice.game.players,
        "result_text": selectors.result_words(practice),
        "is_table": False,
        "side_lowest": [],
    }
    return render(request, "practice/viewer.html", ctx)


def _download(request: HttpRequest, pk: int, ext: str) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    record = selectors.practice_record(_own(request, pk))
    return record_download(record, f"practice-{pk}.{ext}")


@require_GET
@never_cache
def practice_record_json(request: HttpRequest, pk: int) -> HttpResponse:
    """The game's record (RECORD-FORMAT.md, JSON): the owner's alone."""
    return _download(request, pk, "json")


@require_GET
@never_cache
def practice_record_text(request: HttpRequest, pk: int) -> HttpResponse:
    """The game's record (RECORD-FORMAT.md, text): the owner's alone."""
    return _download(request, pk, "txt")
