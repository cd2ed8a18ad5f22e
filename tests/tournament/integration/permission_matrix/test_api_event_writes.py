"""The matrix's API rows on an event: each write × each role, judged by the database."""

import pytest

from tests.tournament.integration.permission_matrix.rows_api import WRITES
from tests.tournament.integration.permission_matrix.world import ROLES, World, Write, judge


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("write", WRITES, ids=[w.id for w in WRITES])
def test_cell(cell_world: World, write: Write, role: str) -> None:
    judge(cell_world, write, role)
