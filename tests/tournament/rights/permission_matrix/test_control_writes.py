"""The matrix's rows on the control room of online boards and the calls of the arbiter."""

import pytest

from tests.tournament.rights.permission_matrix.rows_control import WRITES
from tests.tournament.rights.permission_matrix.world import ROLES, World, Write, judge

pytestmark = pytest.mark.usefixtures("tasks_in_process")


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("write", WRITES, ids=[w.id for w in WRITES])
def test_cell(cell_world: World, write: Write, role: str) -> None:
    judge(cell_world, write, role)
