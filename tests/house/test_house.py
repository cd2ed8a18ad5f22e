"""The house's rules that a reader can break by accident: small modules, one after-commit path.

(The floors and the pure cores are import-linter's contracts in pyproject.toml, run by
`make test`; the pure cores are type-checked by mypy there too.)
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FLOORS = ("tournament", "games", "scoring")
LIMIT = 600


def modules() -> list[Path]:
    return sorted(
        p for floor in FLOORS for p in (ROOT / floor).rglob("*.py") if "migrations" not in p.parts
    )


def test_no_module_is_over_600_lines() -> None:
    assert len(modules()) > 50
    long = {
        str(p.relative_to(ROOT)): n
        for p in modules()
        if (n := len(p.read_text().splitlines())) > LIMIT
    }
    assert long == {}


def test_only_the_effects_module_waits_for_the_commit() -> None:
    calls = re.compile(r"\bon_commit\(")
    found = [str(p.relative_to(ROOT)) for p in modules() if calls.search(p.read_text())]
    assert found == ["tournament/effects.py"]
