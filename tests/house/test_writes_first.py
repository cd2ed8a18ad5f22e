"""Writes first (issue 29): the front (deploy/nginx-pools.conf, run by the festival bench)
sends every signed-in request and every write to the writes' pool, and only anonymous reads
to the spectators' pool, so a spectator's request never queues in front of an arbiter's or a
director's. Real nginx, two real HTTP servers standing in for the gunicorn pools."""

import base64
import hashlib
import http.server
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
import websocket

from deploy.front import render_front
from tests.conftest import need

NGINX = Path("/usr/sbin/nginx")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def pool(name: str) -> tuple[http.server.ThreadingHTTPServer, int]:
    """A stand-in for a gunicorn pool (or the ASGI server): answers every method with its own
    name; a websocket's handshake, by opening the socket and saying its name in one frame."""

    class Answer(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def answer(self) -> None:
            if self.headers.get("Upgrade", "").lower() == "websocket":
                self.open_socket()
                return
            length = int(self.headers.get("Content-Length") or 0)
            self.rfile.read(length)
            body = name.encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def open_socket(self) -> None:
            key = self.headers["Sec-WebSocket-Key"] + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
            accept = base64.b64encode(hashlib.sha1(key.encode()).digest()).decode()
            self.send_response(101)
            self.send_header("Upgrade", "websocket")
            self.send_header("Connection", "Upgrade")
            self.send_header("Sec-WebSocket-Accept", accept)
            self.end_headers()
            self.wfile.write(bytes([0x81, len(name)]) + name.encode())  # one text frame
            self.wfile.flush()
            self.close_connection = True

        do_GET = do_HEAD = do_POST = do_PATCH = do_PUT = do_DELETE = answer

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Answer)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, int(server.server_address[1])


@pytest.fixture(scope="module")
def front(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    need("nginx (/usr/sbin/nginx; `make test` installs nginx-light)", NGINX.exists())
    run_dir = tmp_path_factory.mktemp("front")
    writes, writes_port = pool("writes")
    spectators, spectators_port = pool("spectators")
    sockets, sockets_port = pool("sockets")
    port = free_port()
    conf = run_dir / "nginx.conf"
    conf.write_text(
        render_front(
            port=port,
            writes_port=writes_port,
            spectators_port=spectators_port,
            sockets_port=sockets_port,
            run_dir=run_dir,
        )
    )
    nginx = subprocess.Popen(
        [str(NGINX), "-c", str(conf), "-p", str(run_dir), "-g", "daemon off;"],
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(base + "/", timeout=1).read()
            break
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.05)
    try:
        yield base
    finally:
        nginx.terminate()
        nginx.wait(5)
        writes.shutdown()
        spectators.shutdown()
        sockets.shutdown()


def pool_of(base: str, method: str, headers: dict[str, str] | None = None) -> str:
    data = b"{}" if method in ("POST", "PATCH") else None
    request = urllib.request.Request(
        base + "/events/mso/live/", data=data, method=method, headers=headers or {}
    )
    with urllib.request.urlopen(request, timeout=5) as response:
        assert response.headers["X-Pool"] == response.read().decode()
        return str(response.headers["X-Pool"])


def test_an_anonymous_read_goes_to_the_spectators_pool(front: str) -> None:
    assert pool_of(front, "GET") == "spectators"
    assert pool_of(front, "GET", {"Cookie": "csrftoken=abc; theme=dark"}) == "spectators"


def test_a_signed_in_read_goes_to_the_writes_pool(front: str) -> None:
    """A director polling the draft, an arbiter's board page: signed in by session or token."""
    assert pool_of(front, "GET", {"Cookie": "csrftoken=abc; sessionid=xyz"}) == "writes"
    assert pool_of(front, "GET", {"Authorization": "Token abc"}) == "writes"


@pytest.mark.parametrize("method", ["POST", "PATCH", "DELETE"])
def test_every_write_goes_to_the_writes_pool_signed_in_or_not(front: str, method: str) -> None:
    assert pool_of(front, method) == "writes"


@pytest.mark.parametrize("cookie", ["", "sessionid=xyz"])
def test_a_pages_socket_goes_to_the_asgi_server_upgraded(front: str, cookie: str) -> None:
    """/ws/ (docs/push.md), signed in or not: nginx passes the handshake's Upgrade on, so the
    socket opens at the ASGI server and hears what it says."""
    host = front.removeprefix("http://")
    headers = [f"Cookie: {cookie}"] if cookie else []
    sock = websocket.create_connection(
        f"ws://{host}/ws/events/mso/live/", header=headers, timeout=5
    )
    try:
        assert sock.recv() == "sockets"
    finally:
        sock.close()
