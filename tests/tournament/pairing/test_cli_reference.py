"""The command line: the reference syntax (``--dutch FILE -p [OUT]`` / ``-c``) and its exit
statuses, 0 paired, 1 no legal pairing (or ``-c`` found differences), 2 bad input, 3 internal
error, each with one clear line and never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.tournament.pairing.trf_lines import ROOT, player_line, run_cli
from tournament.pairing.model import Outcome, PlayerState, RoundPairing
from tournament.pairing.state import apply_results
from tournament.pairing.systems import pair_round
from tournament.pairing.trf import trf_event_from_rounds, write_trf


def played(n: int, rounds: int, total: int) -> str:
    """A TRF-16 text of ``rounds`` rounds paired by ``--dutch`` rules, draws on every board."""
    states = [PlayerState(id=i, rank=i) for i in range(1, n + 1)]
    history: list[tuple[RoundPairing, dict[int, Outcome]]] = []
    for rnd in range(1, rounds + 1):
        rp = pair_round(states, rnd, total, system="swiss", bye_policy="lowest-score")
        results: dict[int, Outcome] = {
            p.board: "draw" if p.board % 3 else "first" for p in rp.games
        }
        history.append((rp, results))
        states = apply_results(states, rp, results)
    start = [PlayerState(id=i, rank=i) for i in range(1, n + 1)]
    return write_trf(trf_event_from_rounds(start, history, total_rounds=total))


def parse_pairs(text: str) -> list[tuple[int, int]]:
    lines = text.split()
    count = int(lines[0])
    pairs = [(int(a), int(b)) for a, b in zip(lines[1::2], lines[2::2], strict=True)]
    assert len(pairs) == count
    return pairs


def test_dutch_p_pairs_the_next_round_to_stdout_and_to_a_file(tmp_path: Path) -> None:
    path = tmp_path / "event.trf"
    path.write_text(played(13, 2, 5))
    out = run_cli("--dutch", str(path), "-p")
    assert out.returncode == 0, out.stderr
    pairs = parse_pairs(out.stdout)
    assert len(pairs) == 7 and sum(1 for _, b in pairs if b == 0) == 1
    assert sorted(x for p in pairs for x in p if x) == list(range(1, 14))
    target = tmp_path / "out.txt"
    again = run_cli("--dutch", str(path), "-p", str(target))
    assert again.returncode == 0 and again.stdout == ""
    assert target.read_text() == out.stdout


def test_dutch_c_accepts_its_own_rounds_and_lists_a_changed_one(tmp_path: Path) -> None:
    path = tmp_path / "event.trf"
    text = played(12, 3, 5)
    path.write_text(text)
    out = run_cli("--dutch", str(path), "-c")
    assert (out.returncode, out.stdout, out.stderr) == (0, "", "")
    # Swap the colours of one round-1 game: the check names that round and pair.
    lines = text.splitlines()
    one = next(i for i, line in enumerate(lines) if line.startswith("001    1 "))
    opponent = int(lines[one][91:95])
    other = next(i for i, line in enumerate(lines) if line.startswith(f"001 {opponent:>4} "))
    for i in (one, other):
        lines[i] = lines[i][:96] + ("b" if lines[i][96] == "w" else "w") + lines[i][97:]
    path.write_text("\n".join(lines) + "\n")
    changed = run_cli("--dutch", str(path), "-c")
    assert changed.returncode == 1
    assert changed.stdout.startswith("round 1: ")
    assert "first move" in changed.stdout and "the file gives it to" in changed.stdout


def test_black1_gives_the_top_seed_the_second_move(tmp_path: Path) -> None:
    rows = [player_line(i, f"P{i}", "0.0", []) for i in range(1, 13)]
    path = tmp_path / "start.trf"
    path.write_text("\n".join(["XXR 5", "XXC white1", *rows]) + "\n")
    white = parse_pairs(run_cli("--dutch", str(path), "-p").stdout)
    path.write_text("\n".join(["142 5", "152 B", *rows]) + "\n")
    black = parse_pairs(run_cli("--dutch", str(path), "-p").stdout)
    assert white[0] == (1, 7) and black[0] == (7, 1)
    assert black == [(b, a) for a, b in white]


def test_no_legal_pairing_exits_1_with_the_reason(tmp_path: Path) -> None:
    # Four players who have all met: round 4 has no legal pairing.
    blocks = {1: [2, 3, 4], 2: [1, 4, 3], 3: [4, 1, 2], 4: [3, 2, 1]}
    rows = [
        player_line(
            i,
            f"P{i}",
            "1.5",
            [f"{o:04d} {'w' if (i + r) % 2 else 'b'} =" for r, o in enumerate(opps)],
        )
        for i, opps in blocks.items()
    ]
    path = tmp_path / "stuck.trf"
    path.write_text("\n".join(["142 5", *rows]) + "\n")
    for args in (["--dutch", str(path), "-p"], ["pair", str(path), "--system", "swiss"]):
        out = run_cli(*args)
        assert out.returncode == 1
        assert out.stdout == ""
        assert out.stderr.startswith("round 4: no legal pairing: ")
        assert "already met every other player" in out.stderr


def test_bad_usage_and_unreadable_files_exit_2(tmp_path: Path) -> None:
    cases = [
        (["--dutch", str(tmp_path / "missing.trf"), "-p"], "cannot read"),
        (["--dutch", str(tmp_path / "x.trf")], "one of the arguments -p -c is required"),
        (["--dutch", str(tmp_path / "x.trf"), "-p", "-c"], "not allowed with argument"),
        (["pear"], "invalid choice: 'pear'"),
    ]
    (tmp_path / "x.trf").write_text(player_line(1, "A", "0.0", []) + "\n")
    for args, message in cases:
        out = run_cli(*args)
        assert out.returncode == 2, (args, out.stderr)
        assert message in out.stderr, (args, out.stderr)
        assert "Traceback" not in out.stderr
    no_rounds = run_cli("--dutch", str(tmp_path / "x.trf"), "-p")
    assert no_rounds.returncode == 2
    assert "line 2, column 1: no XXR or 142 line" in no_rounds.stderr


def test_an_internal_error_exits_3_with_one_line() -> None:
    code = (
        "import sys\n"
        "import tournament.pairing.cli as cli\n"
        "def boom(args): raise RuntimeError('disk on fire')\n"
        "cli._dutch = boom\n"
        "sys.exit(cli.main(['--dutch', 'x.trf', '-p']))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 3
    assert out.stderr == "internal error: RuntimeError: disk on fire\n"


def test_help_and_startup_import_only_what_the_command_needs() -> None:
    code = (
        "import sys\n"
        "from tournament.pairing.cli import main\n"
        "main(['--help'])\n"
        "print(sorted(m for m in sys.modules if m.startswith(('rustworkx', 'tournament.'))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert "--dutch FILE -p [OUT]" in out.stdout
    assert out.stdout.strip().splitlines()[-1] == "['tournament.pairing', 'tournament.pairing.cli']"


def test_tables_is_dispatched_to_its_own_command_line() -> None:
    out = run_cli("tables", "--help")
    assert "Traceback" not in out.stderr
    assert out.returncode in (0, 2)
    assert "tables" in (out.stdout + out.stderr)
