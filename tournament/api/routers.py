"""The API's routes, each resource declared once: DRF's router, with the names the routes have
always had (pages, tests and clients reverse them), which name a resource's list apart from one
of its items (``api-event-rounds``, ``api-round-detail``, ``api-game-state``)."""

from typing import Any

from django.urls import URLPattern, URLResolver, path
from rest_framework.routers import DynamicRoute, Route, SimpleRouter
from rest_framework.viewsets import ViewSetMixin


class Routes(SimpleRouter):
    """A router over path converters (``events/<slug:slug>/rounds``). A registration names its
    list (``list_name``; an action on the list is ``{list_name}-{url_name}``) and its items
    (``basename``: one is ``{basename}-detail`` unless ``detail_name`` names it, an action on
    one is ``{basename}-{url_name}``); a name left out leaves out the routes it would name.
    Lookups are whole numbers unless the viewset says otherwise (``lookup_value_converter``)."""

    routes = [
        Route(
            url="{prefix}{trailing_slash}",
            mapping={"get": "list", "post": "create"},
            name="{list_name}",
            detail=False,
            initkwargs={},
        ),
        DynamicRoute(
            url="{prefix}/{url_path}{trailing_slash}",
            name="{list_name}-{url_name}",
            detail=False,
            initkwargs={},
        ),
        Route(
            url="{prefix}/{lookup}{trailing_slash}",
            mapping={
                "get": "retrieve",
                "put": "update",
                "patch": "partial_update",
                "delete": "destroy",
            },
            name="{detail_name}",
            detail=True,
            initkwargs={},
        ),
        DynamicRoute(
            url="{prefix}/{lookup}/{url_path}{trailing_slash}",
            name="{basename}-{url_name}",
            detail=True,
            initkwargs={},
        ),
    ]

    def __init__(self) -> None:
        super().__init__(use_regex_path=False)
        self._default_value_pattern = "int"
        self.resources: list[tuple[str, type[ViewSetMixin], dict[str, str]]] = []

    def register(  # type: ignore[override]
        self,
        prefix: str,
        viewset: type[ViewSetMixin],
        basename: str | None = None,
        *,
        list_name: str | None = None,
        detail_name: str | None = None,
    ) -> None:
        # Unlike DRF's router, a basename may come twice: one viewset may serve two prefixes
        # (its list here, its items there), two viewsets one kind of item (a board, its words).
        if basename and not detail_name:
            detail_name = f"{basename}-detail"
        given = {"list_name": list_name, "basename": basename, "detail_name": detail_name}
        self.resources.append((prefix, viewset, {key: name for key, name in given.items() if name}))

    def get_urls(self) -> list[URLPattern | URLResolver]:
        urls: list[URLPattern | URLResolver] = []
        for prefix, viewset, names in self.resources:
            lookup = self.get_lookup_regex(viewset)
            for route in self.get_routes(viewset):
                mapping: dict[str, Any] = self.get_method_map(viewset, route.mapping)
                try:
                    name = route.name.format(**names)
                except KeyError:  # a route this registration gives no name: left out
                    continue
                if not mapping:  # the viewset does not have the route's methods
                    continue
                url = route.url.format(
                    prefix=prefix, lookup=lookup, trailing_slash=self.trailing_slash
                )
                urls.append(
                    path(url, viewset.as_view(mapping, **self._initkwargs(route)), name=name)
                )
        return urls

    @staticmethod
    def _initkwargs(route: Route) -> dict[str, Any]:
        # An action's view keeps its viewset's name and description (OPTIONS answers them),
        # which @action would replace with the method's.
        return {
            key: value
            for key, value in route.initkwargs.items()
            if key not in ("name", "description")
        }
