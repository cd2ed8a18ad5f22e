import pkgutil
import subprocess
import sys
from pathlib import Path

from scoring import core

ROOT = Path(__file__).resolve().parents[3]


def test_no_module_imports_django() -> None:
    modules = ["scoring.core"] + [
        f"scoring.core.{m.name}" for m in pkgutil.iter_modules(core.__path__)
    ]
    assert len(modules) >= 5
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "assert not any(m == 'django' or m.startswith('django.') for m in sys.modules)\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
