"""The pages the matrix lists as read-only change nothing, even posted to by the event's director:
a page that starts writing must get its row in the matrix instead of slipping by (a function
view does not say which methods it takes)."""

from typing import Any

import pytest
from django.apps import apps
from django.urls import URLPattern, get_resolver, reverse

from games.models import Game
from tests.tournament.rights.permission_matrix.matrix import READ_ONLY
from tests.tournament.rights.permission_matrix.rows_challenges import a_table
from tests.tournament.rights.permission_matrix.rows_pages import of_challenges
from tests.tournament.rights.permission_matrix.test_completeness import patterns
from tests.tournament.rights.permission_matrix.world import World, Write, client_for

pytestmark = pytest.mark.usefixtures("tasks_in_process")

AS_A_PAGE = Write("a page", "home", "post", str, str, frozenset(), 200, api=False)
PAGES = sorted(
    (p.name, p)
    for namespace, p in patterns(get_resolver().url_patterns)
    if not namespace and p.name in READ_ONLY
)


def fingerprint() -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the project's own tables."""
    models = [
        model
        for label in ("tournament", "games", "scoring")
        for model in apps.get_app_config(label).get_models()
    ]
    return {m._meta.label: list(m.objects.order_by("pk").values_list()) for m in models}


def address(world: World, name: str, pattern: URLPattern) -> str:
    """The page's address for the world's own objects (the challenges' pages: E as an event of
    challenges, and a stand-alone table)."""
    if name.startswith("challenge-"):
        of_challenges(world, None)
        a_table(world, None)
    kwargs: dict[str, Any] = {}
    for key in pattern.pattern.converters:
        if key == "slug":
            festival = name.startswith("festival-")
            kwargs[key] = world.festivals["this"].slug if festival else world.events["E"].slug
        elif key == "board_pk":
            kwargs[key] = world.boards["pending"].pk
        elif key == "entry_pk":
            kwargs[key] = world.entries["player"].pk
        elif key == "pk" and name.startswith("challenge-"):
            kwargs[key] = Game.objects.challenges().latest("pk").pk
        elif key in ("player_pk", "pk"):
            kwargs[key] = world.players["player"].pk
        elif key == "number":
            kwargs[key] = 1
    return reverse(name, kwargs=kwargs)


@pytest.mark.parametrize(("name", "pattern"), PAGES, ids=[name for name, _p in PAGES])
def test_a_post_to_a_read_only_page_changes_nothing(
    cell_world: World, name: str, pattern: URLPattern
) -> None:
    url = address(cell_world, name, pattern)
    client = client_for(AS_A_PAGE, cell_world.users["director"])
    before = fingerprint()
    client.post(url, {"name": "Hijacked", "reason": "x"})
    assert fingerprint() == before
