"""A corpus of bad TRF files (tests/tournament/pairing/data/trf_bad), each refused with its message.

Each file's first line is ``### expect: <message>``: the reader's error (line and column
included) must be exactly that, and the command line must exit 2 with it on stderr.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tournament.pairing.trf_lines import run_cli
from tournament.pairing.trf import TrfError, read_trf

CORPUS = Path(__file__).resolve().parent / "data" / "trf_bad"
FILES = sorted(CORPUS.glob("*.trf"))


def expected(path: Path) -> str:
    first = path.read_text().splitlines()[0]
    assert first.startswith("### expect: "), f"{path.name}: first line must say what to expect"
    return first.removeprefix("### expect: ")


def test_the_corpus_covers_the_new_records() -> None:
    names = {p.stem for p in FILES}
    assert len(FILES) >= 20
    for prefix in ("rounds", "initial_colour", "points", "bye", "forbidden"):
        assert any(n.startswith(prefix) for n in names), prefix


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_bad_file_is_refused_with_its_message(path: Path) -> None:
    with pytest.raises(TrfError) as exc:
        read_trf(path.read_text())
    assert str(exc.value) == expected(path)


@pytest.mark.parametrize(
    "name", ["bye_while_paired", "forbidden_unknown_player", "points_code", "rounds_disagree"]
)
def test_command_line_exits_2_naming_line_and_column(name: str) -> None:
    path = CORPUS / f"{name}.trf"
    for args in (["--dutch", str(path), "-p"], ["pair", str(path)]):
        out = run_cli(*args)
        assert out.returncode == 2, out.stderr
        assert out.stdout == ""
        assert out.stderr.strip() == f"{path}: {expected(path)}"
        assert "Traceback" not in out.stderr
