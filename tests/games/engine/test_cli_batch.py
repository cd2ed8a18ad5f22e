"""A large ``check`` batch runs on several processes and prints exactly what one process
prints: the same lines, in the files' order, and the same exit status (both command lines: the
board game's and the challenges')."""

import io
import json
from pathlib import Path
from typing import Any

import pytest

from games.challenges import cli as challenges_cli
from games.challenges.randomgame import random_game as random_challenge
from games.engine import cli, commandline
from games.engine.commandline import Checker
from games.engine.randomgame import random_game


def batch(folder: Path, n: int) -> list[str]:
    games = [json.dumps(random_game("mso", "full", seed).to_json()) for seed in range(3)]
    illegal = json.loads(games[0])
    illegal["actions"][2]["cells"] = ["A1", "A2"]  # not adjacent to any start: refused
    paths = []
    for i in range(n):
        path = folder / f"g{i:04d}.json"
        if i == n // 3:
            path.write_text(json.dumps(illegal))
        elif i == n // 2:
            path.write_text("{not json")
        else:
            path.write_text(games[i % 3])
        paths.append(str(path))
    return paths


def run(
    paths: list[str],
    workers: int,
    monkeypatch: pytest.MonkeyPatch,
    checker: Checker[Any] = cli.CHECKER,
) -> tuple[str, int]:
    monkeypatch.setattr(commandline, "workers", lambda paths: workers)
    out = io.StringIO()
    status = commandline.cmd_check(checker, paths, out)
    return out.getvalue(), status


def test_several_processes_print_what_one_prints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = batch(tmp_path, 240)
    alone, alone_status = run(paths, 1, monkeypatch)
    shared, shared_status = run(paths, 2, monkeypatch)
    assert shared == alone
    assert shared_status == alone_status == commandline.EXIT_UNREADABLE
    lines = [json.loads(line) for line in shared.splitlines()]
    assert [line["file"] for line in lines] == paths
    assert lines[80]["valid"] is False and lines[80]["error"]["index"] is not None
    assert lines[120]["error"]["code"] == "BAD_RECORD"
    assert sum(line["valid"] for line in lines) == 238


def test_the_challenges_batch_on_several_processes_prints_what_one_prints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = [json.dumps(random_challenge(c, 2, seed=1).to_json()) for c in ("card", "dice", "tile")]
    paths = []
    for i in range(120):
        path = tmp_path / f"c{i:03d}.json"
        path.write_text("{not json" if i == 60 else games[i % 3])
        paths.append(str(path))
    alone = run(paths, 1, monkeypatch, challenges_cli.CHECKER)
    shared = run(paths, 2, monkeypatch, challenges_cli.CHECKER)
    assert shared == alone
    lines = [json.loads(line) for line in shared[0].splitlines()]
    assert [line["file"] for line in lines] == paths
    assert lines[60]["error"]["code"] == "BAD_RECORD"
    assert sum(line["valid"] for line in lines) == 119


def test_small_batches_and_standard_input_stay_in_one_process() -> None:
    assert commandline.workers(["a.json"] * (commandline.FILES_PER_WORKER - 1)) == 1
    assert commandline.workers(["-"] + ["a.json"] * 10 * commandline.FILES_PER_WORKER) == 1


def test_a_plain_check_prints_what_argparse_gives(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``check`` and file names only skip argparse (start-up time); ``--`` still goes through
    it, and both print the same lines with the same exit status."""
    good = tmp_path / "good.json"
    good.write_text(json.dumps(random_game("mso", "full", 1).to_json()))
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    files = [str(good), str(bad), str(tmp_path / "missing.json")]
    plain = cli.main(["check", *files])
    plain_out = capsys.readouterr().out
    parsed = cli.main(["check", "--", *files])
    assert (plain, plain_out) == (parsed, capsys.readouterr().out)
    assert plain == 2 and len(plain_out.splitlines()) == 3
    assert json.loads(plain_out.splitlines()[0])["valid"] is True
    with pytest.raises(SystemExit):  # an option: argparse's own answer
        cli.main(["check", "--nope", str(good)])
