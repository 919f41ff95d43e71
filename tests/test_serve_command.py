"""``riftsolve serve`` as a command: the localhost default, the printed address, a port
already taken, and the one line saying what to install without the ``web`` extra."""

from __future__ import annotations

import socket
import subprocess
import sys

from conftest import needs


def test_the_command_listens_on_localhost_by_default() -> None:
    needs("starlette", "web")
    needs("uvicorn", "web")
    process = subprocess.Popen([sys.executable, "-m", "riftsolve", "serve", "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("riftsolve: the page is at http://127.0.0.1:"), line
        port = int(line.split()[5].removesuffix("/").rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
            conn.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            head = conn.recv(200)
        assert head.startswith(b"HTTP/1.1 200")
        # a name other than this machine's is refused (DNS rebinding)
        with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
            conn.sendall(b"GET / HTTP/1.1\r\nHost: evil.example\r\n"
                         b"Connection: close\r\n\r\n")
            head = conn.recv(200)
        assert head.startswith(b"HTTP/1.1 400")
        # the port is taken now: a second server says so in one line, exit 2
        taken = subprocess.run([sys.executable, "-m", "riftsolve", "serve", "--port",
                                str(port)], capture_output=True, text=True, timeout=60)
        assert taken.returncode == 2 and taken.stdout == ""
        assert taken.stderr.startswith("riftsolve: error: --port: cannot listen on "
                                       f"127.0.0.1 port {port} (")
        assert len(taken.stderr.splitlines()) == 1
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_without_the_extra_one_line_says_what_to_install() -> None:
    hide = ("import sys; sys.modules['uvicorn'] = None; "
            "from riftsolve.faces.cli import main; sys.exit(main(['serve']))")
    done = subprocess.run([sys.executable, "-c", hide], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [
        "riftsolve: error: serve: the page needs the web extra (uvicorn is not installed): "
        "pip install 'riftsolve[web]'"]


def test_the_host_and_port_are_checked_before_anything_listens() -> None:
    done = subprocess.run([sys.executable, "-m", "riftsolve", "serve", "--port", "-1"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "--port" in done.stderr
