"""The challenges are pure Python: no module of games.challenges imports Django."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import games.challenges

ROOT = Path(__file__).resolve().parents[3]


def test_challenge_modules_do_not_import_django() -> None:
    names = [m.name for m in pkgutil.iter_modules(games.challenges.__path__, "games.challenges.")]
    assert {"games.challenges.card", "games.challenges.dice", "games.challenges.tile"} <= set(names)
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


def test_modules_stay_small() -> None:
    for path in Path(games.challenges.__file__).parent.glob("*.py"):
        assert len(path.read_text().splitlines()) < 600, path.name
