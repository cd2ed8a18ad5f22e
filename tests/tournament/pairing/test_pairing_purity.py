"""The pairing package is pure Python: no Django, no database, usable from any process."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = ROOT / "tournament" / "pairing"


def test_importing_the_package_loads_no_django() -> None:
    code = (
        "import sys\n"
        "import tournament.pairing, tournament.pairing.cli, tournament.pairing.trf\n"
        "import tournament.pairing.swiss, tournament.pairing.lookahead\n"
        "from tournament.pairing.model import PlayerState\n"
        "from tournament.pairing.systems import pair_round\n"
        "pair_round([PlayerState(id=i, rank=i) for i in range(1, 14)], 1, 9)\n"
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "bad += sorted(m for m in sys.modules if m == 'celery' or m.startswith('celery.'))\n"
        "print(bad)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_no_module_of_the_package_imports_django() -> None:
    for path in sorted(PACKAGE.glob("*.py")):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in {"django", "rest_framework", "celery"}, (
                    f"{path.name} imports {name}"
                )
