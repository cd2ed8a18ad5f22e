"""The matrix covers every write: a new address that accepts one fails here until it has its
row (or a reason in NOT_IN_MATRIX); docs/permissions.md shows the matrix the tests run."""

from collections.abc import Iterator
from typing import Any

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from tests.tournament.rights.permission_matrix.matrix import (
    DOCUMENT,
    NOT_IN_MATRIX,
    READ_ONLY,
    REWRITE,
    WRITES,
    allowed_per_role,
    render_table,
    size_line,
)

pytestmark = pytest.mark.usefixtures("tasks_in_process")

WRITE_METHODS = ("post", "put", "patch", "delete")


def patterns(resolvers: list[Any], namespace: str = "") -> Iterator[tuple[str, URLPattern]]:
    for item in resolvers:
        if isinstance(item, URLResolver):
            yield from patterns(item.url_patterns, item.namespace or namespace)
        else:
            yield namespace, item


def writes_of(pattern: URLPattern) -> set[str] | None:
    """The write methods an address accepts, when its view says (DRF views, class-based views);
    None for a function view, which may take any method."""
    callback = pattern.callback
    actions = getattr(callback, "actions", None)
    if actions:
        return {m for m in actions if m in WRITE_METHODS}
    view_class = getattr(callback, "cls", None) or getattr(callback, "view_class", None)
    if view_class is not None:
        return {m for m in WRITE_METHODS if hasattr(view_class, m)}
    return None


def test_every_address_that_accepts_a_write_has_its_rows() -> None:
    rows = {(w.url_name, w.method) for w in WRITES}
    named = {w.url_name for w in WRITES}
    missing = []
    for namespace, pattern in patterns(get_resolver().url_patterns):
        name = namespace or pattern.name
        if name in NOT_IN_MATRIX:
            continue
        methods = writes_of(pattern)
        if methods is None:  # a function view: a row, or known to read only
            if name not in named and name not in READ_ONLY:
                missing.append(f"{name} ({pattern.pattern})")
            continue
        missing += [
            f"{m.upper()} {name}"
            for m in sorted(methods)
            if (name, m) not in rows and f"{name} {m.upper()}" not in NOT_IN_MATRIX
        ]
    assert missing == [], f"writes without a row in the permission matrix: {missing}"


def test_the_lists_name_only_addresses_that_exist() -> None:
    """A renamed address must not leave a stale exemption behind."""
    names = {ns or p.name for ns, p in patterns(get_resolver().url_patterns)}
    left_out = {key.split(" ")[0] for key in NOT_IN_MATRIX}
    stale = (left_out | READ_ONLY | {w.url_name for w in WRITES}) - names
    assert stale == set()


def test_every_row_has_a_name_of_its_own() -> None:
    ids = [w.id for w in WRITES]
    assert len(ids) == len(set(ids))


def test_the_document_shows_the_matrix_the_tests_run() -> None:
    text = DOCUMENT.read_text(encoding="utf-8")
    stale = f"docs/permissions.md is behind the rows; run {REWRITE}"
    assert render_table() in text, stale
    assert size_line() in text, stale
    for role, allowed in allowed_per_role().items():
        assert f"| {role} | {allowed} |" in text, stale
