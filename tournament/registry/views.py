"""The player registry's pages for registrars: the list and search, a player's
record across events, merging duplicates and the merges' history (with undo of the latest);
and the registry matches offered while a director adds a player to an event."""

from typing import TypeVar

from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.core.paginator import Page
from django.db.models import Model, QuerySet
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournament.entries.forms import EntryForm
from tournament.errors import DomainError
from tournament.festivals.services import directs_an_event
from tournament.fields import Paginator, WholeNumberFormField, form_field
from tournament.models.events import Player
from tournament.pages import director_or_deny, get_event
from tournament.registry import merge as merge_service
from tournament.registry import selectors as registry_selectors
from tournament.registry.models import PlayerMerge
from tournament.registry.selectors import (
    player_entries,
    undoable_merge,
)

_M = TypeVar("_M", bound=Model)

PAGE_SIZE = 50
PICK_LIMIT = 20  # registry matches offered at once while adding a player to an event


def reader_or_deny(request: HttpRequest) -> HttpResponse | None:
    """None for registrars and directors (of any event: the list and a player's record are
    the public registry's, for finding players); else a login redirect or a 403."""
    if merge_service.is_registry_keeper(request.user) or directs_an_event(request.user):
        return None
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    raise PermissionDenied(_("Only directors and registrars may see the player registry."))


def keeper_or_deny(request: HttpRequest) -> HttpResponse | None:
    """None for registrars (merges and their history); else a login redirect or a 403."""
    if merge_service.is_registry_keeper(request.user):
        return None
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    raise PermissionDenied(_("Only registrars may see the player registry and merge its players."))


def _search(request: HttpRequest) -> str:
    # A NUL cannot be stored or searched for (the middleware refuses most; be sure).
    return request.GET.get("q", "").replace("\x00", "").strip()[:120]


def _page_of(request: HttpRequest, rows: QuerySet[_M]) -> Page[_M]:
    return Paginator(rows, PAGE_SIZE).get_page(request.GET.get("page"))


@require_GET
def player_list(request: HttpRequest) -> HttpResponse:
    if denied := reader_or_deny(request):
        return denied
    search = _search(request)
    page = _page_of(request, registry_selectors.player_list(search))
    context = {
        "page": page,
        "search": search,
        "keeps_registry": merge_service.is_registry_keeper(request.user),
    }
    return render(request, "registry/list.html", context)


def _survivor_of(player: Player) -> Player:
    """Where a merged record went: its survivor, or the survivor's survivor, and so on."""
    seen = {player.pk}
    while player.merged_into_id is not None and player.merged_into_id not in seen:
        seen.add(player.merged_into_id)
        player = Player.objects.get(pk=player.merged_into_id)
    return player


@require_GET
def player_record(request: HttpRequest, pk: int) -> HttpResponse:
    if denied := reader_or_deny(request):
        return denied
    player = get_object_or_404(Player, pk=pk)
    if player.merged_into_id is not None:
        return redirect("registry-player", _survivor_of(player).pk)
    context = {
        "player": player,
        "entries": player_entries(player),
        "absorbed": player.absorbed.order_by("name", "id"),
        "keeps_registry": merge_service.is_registry_keeper(request.user),
    }
    return render(request, "registry/player.html", context)


class PickForm(forms.Form):
    """The two records to compare (by their registry numbers)."""

    a = WholeNumberFormField(label=gettext_lazy("First player (registry number)"), min_value=1)
    b = WholeNumberFormField(label=gettext_lazy("Second player (registry number)"), min_value=1)

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        for name in ("a", "b"):
            pk = data.get(name)
            if pk is None:
                continue
            player = registry_selectors.player_list().filter(pk=pk).first()
            if player is None:
                self.add_error(
                    name,
                    _("No player number %(pk)s in the registry (or it was merged).") % {"pk": pk},
                )
            data[name + "_player"] = player
        if data.get("a") is not None and data.get("a") == data.get("b"):
            self.add_error("b", _("Choose two different players."))
        return data


class MergeForm(PickForm):
    survivor = forms.ChoiceField(
        label=gettext_lazy("Which record survives"),
        choices=[("a", gettext_lazy("First")), ("b", gettext_lazy("Second"))],
        widget=forms.RadioSelect,
    )
    fill_blanks = forms.BooleanField(
        required=False,
        label=gettext_lazy("Fill the survivor's blank fields from the other record"),
    )
    reason = forms.CharField(
        max_length=300,
        label=gettext_lazy("Reason"),
        help_text=gettext_lazy("Why these are the same person, e.g. a typo in the name"),
    )


def _compare(
    request: HttpRequest, pick: PickForm, merge_form: MergeForm | None, status: int = 200
) -> HttpResponse:
    """The two records side by side, and the form that merges them."""
    context: dict[str, object] = {"pick": pick, "merge_form": merge_form, "keeps_registry": True}
    if pick.is_valid():
        sides = [
            {"key": key, "player": p, "entries": list(player_entries(p))}
            for key, p in (
                ("a", pick.cleaned_data["a_player"]),
                ("b", pick.cleaned_data["b_player"]),
            )
        ]
        first, second = (side["entries"] for side in sides)
        theirs = {e.event_id for e in second}
        context["sides"] = sides
        context["shared"] = [e.event for e in first if e.event_id in theirs]
        context["merge_form"] = merge_form or MergeForm(
            initial={"a": pick.cleaned_data["a"], "b": pick.cleaned_data["b"], "survivor": "a"}
        )
    return render(request, "registry/merge.html", context, status=status)


@require_http_methods(["GET", "POST"])
def merge(request: HttpRequest) -> HttpResponse:
    if denied := keeper_or_deny(request):
        return denied
    if request.method == "GET":
        query: QueryDict = request.GET
        ticked = query.getlist("pick")  # the registry list's check boxes
        if ticked and len(ticked) != 2:
            messages.error(request, _("Tick exactly two players to compare them."))
            return redirect("registry-players")
        if ticked:
            query = QueryDict(mutable=True)
            query.update({"a": ticked[0], "b": ticked[1]})
        bound = "a" in query and "b" in query
        pick = PickForm(query if bound else None, initial={"a": query.get("a")})
        return _compare(request, pick, None)
    form = MergeForm(request.POST)
    pick = PickForm(request.POST)
    if not form.is_valid():
        return _compare(request, pick, form, status=400)
    data = form.cleaned_data
    survivor, absorbed = data["a_player"], data["b_player"]
    if data["survivor"] == "b":
        survivor, absorbed = absorbed, survivor
    try:
        merge_service.merge_players(
            survivor=survivor,
            absorbed=absorbed,
            user=request.user,
            reason=data["reason"],
            fill_blanks=data["fill_blanks"],
        )
    except DomainError as exc:
        form.add_error(None, exc.message)
        return _compare(request, pick, form, status=exc.status_code)
    messages.success(
        request,
        _("%(absorbed)s is merged into %(survivor)s.")
        % {"absorbed": absorbed.name, "survivor": survivor.name},
    )
    return redirect("registry-merges")


@require_GET
def merge_history(request: HttpRequest) -> HttpResponse:
    if denied := keeper_or_deny(request):
        return denied
    page = _page_of(request, registry_selectors.merge_history())
    latest = undoable_merge()
    return render(
        request,
        "registry/merges.html",
        {"page": page, "undoable": latest.pk if latest else None, "keeps_registry": True},
    )


@require_POST
def merge_undo(request: HttpRequest, pk: int) -> HttpResponse:
    if denied := keeper_or_deny(request):
        return denied
    done = get_object_or_404(PlayerMerge.objects.select_related("survivor", "absorbed"), pk=pk)
    try:
        merge_service.undo_merge(
            merge=done, user=request.user, reason=request.POST.get("reason", "")
        )
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request,
            _("The merge is undone: %(absorbed)s and %(survivor)s are separate again.")
            % {"absorbed": done.absorbed.name, "survivor": done.survivor.name},
        )
    return redirect("registry-merges")


@require_GET
def pick_for_entry(request: HttpRequest, slug: str) -> HttpResponse:
    """The entries page's registry picker, narrowed to the players matching what the director
    types (an htmx fragment: the picker itself, and a line saying how many match)."""
    event = get_event(slug)
    if denied := director_or_deny(request, event):
        return denied
    search = _search(request)
    form = EntryForm(event=event)
    field = form_field(form, "player", forms.ModelChoiceField)
    offered = field.queryset
    assert offered is not None  # EntryForm offers the registry players not entered yet
    matching = offered.filter(pk__in=registry_selectors.player_list(search).values("pk"))
    count = matching.count()
    if search:  # the best few; an empty search gives the whole registry back
        field.queryset = matching.filter(
            pk__in=list(matching.values_list("pk", flat=True)[:PICK_LIMIT])
        )
    context = {"form": form, "search": search, "count": count, "limit": PICK_LIMIT}
    return render(request, "registry/_pick.html", context)
