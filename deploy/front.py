"""The writes-first front: deploy/nginx-pools.conf with its placeholders filled in, for the
festival bench, its test and an operator's host."""

from pathlib import Path

TEMPLATE = Path(__file__).resolve().parent / "nginx-pools.conf"


def render_front(
    *,
    port: int,
    writes_port: int,
    spectators_port: int,
    run_dir: Path,
    sockets_port: int | None = None,
) -> str:
    """nginx's configuration: listen on ``port``; signed-in requests and every write to the
    pool on ``writes_port``, anonymous reads to the pool on ``spectators_port``, the pages'
    websockets (/ws/) to the ASGI server on ``sockets_port`` (without one, to the writes' pool,
    which refuses them: the pages poll); its pid, log and buffers under ``run_dir``."""
    text = TEMPLATE.read_text()
    for name, value in (
        ("PORT", port),
        ("WRITES_PORT", writes_port),
        ("SPECTATORS_PORT", spectators_port),
        ("SOCKETS_PORT", writes_port if sockets_port is None else sockets_port),
        ("RUN", run_dir),
    ):
        text = text.replace("{{" + name + "}}", str(value))
    return text
