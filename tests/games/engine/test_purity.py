"""The engine is pure Python: no module of games.engine imports Django."""

import pkgutil
import subprocess
import sys
from pathlib import Path

import games.engine

ROOT = Path(__file__).resolve().parents[3]


def test_engine_modules_do_not_import_django() -> None:
    names = [m.name for m in pkgutil.iter_modules(games.engine.__path__, "games.engine.")]
    assert {"games.engine.geometry", "games.engine.state", "games.engine.cli"} <= set(names)
    code = (
        "import importlib, sys\n"
        f"for name in {names!r}:\n"
        "    importlib.import_module(name)\n"
        "assert 'django' not in sys.modules, sorted(m for m in sys.modules if 'django' in m)\n"
        "print('ok')\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
