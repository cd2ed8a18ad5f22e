"""The matrix's world is built once for the package and rolled back after it; every cell runs in
its own savepoint inside it (pytest-django's `db`), so a cell never sees another cell's write."""

from collections.abc import Iterator
from typing import Any

import pytest
from django.db import transaction

from tests.tournament.rights.permission_matrix.world import World, build_world


@pytest.fixture(scope="package")
def world(django_db_setup: None, django_db_blocker: Any) -> Iterator[World]:
    with django_db_blocker.unblock(), transaction.atomic():
        built = build_world()
        yield built
        transaction.set_rollback(True)


@pytest.fixture
def cell_world(world: World, db: None) -> World:
    """The world, for one cell: its writes roll back with the cell's savepoint."""
    return world
