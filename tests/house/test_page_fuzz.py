"""The pages' forms and query strings with hostile values (issue 25, item 9): every page a
director of the fuzz tournament can open (tests/house/test_api_schema_fuzz.py's), each of
its POST forms sent with one field at a time replaced by JSON nested 1,500 deep, a superscript
or Arabic digit, or 30 nines, and the query parameters pages read given the same. No answer is a
500. Before the fix, 8 of them were (the check-in pages' ?round=², the byes fields)."""

from __future__ import annotations

import re
from collections import Counter
from html.parser import HTMLParser
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLResolver, get_resolver

from tests.house.test_api_schema_fuzz import (  # noqa: F401 - the fixtures, shared
    DEEP_JSON,
    Tournament,
    fast_passwords,
    tournament,
)

pytestmark = pytest.mark.usefixtures("tasks_in_process")

HOSTILE = {"deep JSON": DEEP_JSON, "²": "²", "٣": "٣", "30 nines": "9" * 30}
QUERY_PARAMETERS = ("round", "page", "step", "since", "version", "q", "log")


class PostForms(HTMLParser):
    """The POST forms of a page: action and the fields with their rendered values."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[str, dict[str, str]]] = []
        self._fields: dict[str, str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "form":
            self._fields = None
            if (a.get("method") or "").lower() == "post":
                self._fields = {}
                self.forms.append((a.get("action") or "", self._fields))
        elif self._fields is not None and tag in ("input", "textarea", "select"):
            name = a.get("name")
            if name and a.get("type") != "file" and name != "csrfmiddlewaretoken":
                self._fields.setdefault(name, a.get("value") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._fields = None


def routes(resolver: Any, prefix: str = "") -> list[str]:
    found: list[str] = []
    for pattern in resolver.url_patterns:
        route = prefix + str(pattern.pattern)
        found += routes(pattern, route) if isinstance(pattern, URLResolver) else [route]
    return found


def test_no_form_field_or_query_parameter_of_a_page_is_a_500(tournament: Tournament) -> None:  # noqa: F811
    client = Client(raise_request_exception=False)
    client.force_login(get_user_model().objects.get(username="td"))
    real = {"slug": tournament.slug, "board_pk": tournament.board, "pk": tournament.entry}
    real["number"] = 1
    server_errors: list[str] = []
    statuses: Counter[int] = Counter()
    pages = 0

    def check(response: Any, what: str) -> None:
        statuses[response.status_code] += 1
        if response.status_code >= 500:
            server_errors.append(what)

    for route in routes(get_resolver()):
        names = re.findall(r"<(?:\w+:)?(\w+)>", route)
        if route.startswith(("api/", "admin/")) or any(n not in real for n in names):
            continue
        url = "/" + re.sub(r"<(?:\w+:)?(\w+)>", lambda m: str(real[m.group(1)]), route)
        page = client.get(url)
        check(page, f"GET {url}")
        if page.status_code != 200 or not page["Content-Type"].startswith("text/html"):
            continue
        pages += 1
        for name in QUERY_PARAMETERS:
            for label, value in HOSTILE.items():
                check(client.get(url, {name: value}), f"GET {url}?{name}={label}")
        forms = PostForms()
        forms.feed(page.content.decode())
        for action, fields in forms.forms:
            target = action or url
            if not target.startswith("/") or "logout" in target:
                continue
            for field in fields:
                for label, value in HOSTILE.items():
                    sent = client.post(target, {**fields, field: value})
                    check(sent, f"POST {target} {field}={label}")
    print(f"pages: {pages} pages, {sum(statuses.values())} requests, statuses {dict(statuses)}")
    assert server_errors == [], "\n".join(sorted(set(server_errors)))
    assert pages > 20
