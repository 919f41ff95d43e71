"""``riftsolve serve``: listen on a local address and serve the page until Ctrl-C.

The web framework is imported here, when the command runs: without the ``web`` extra
the command exits 2 with one line saying what to install.
"""

from __future__ import annotations

import socket
from typing import TextIO

from riftsolve.faces.web import DEFAULT_HOST
from riftsolve.i18n import _
from riftsolve.rules.scenario import ScenarioError

INSTALL = "pip install 'riftsolve[web]'"


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host``:``port`` (port 0: any free port), or a
    :class:`ScenarioError` naming ``--port`` (or ``--host``) and why."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as err:
        raise ScenarioError("--host", _("cannot listen on {host!r} ({why})")
                            .format(host=host, why=err)) from None
    family, kind, proto, _name, address = found[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(64)
    except OSError as err:
        sock.close()
        raise ScenarioError("--port", _("cannot listen on {host} port {port} ({why})")
                            .format(host=host, port=port, why=err.strerror)) from None
    return sock


def url(sock: socket.socket) -> str:
    """The page's address for a listening socket (an IPv6 host in brackets).

    >>> with socket.socket() as s:
    ...     s.bind(("127.0.0.1", 0))
    ...     url(s).startswith("http://127.0.0.1:")
    True
    """
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def run_serve(host: str, port: int, cards: str | None, timeout: float, out: TextIO) -> int:
    """Serve the page on ``host``:``port`` until interrupted; prints its address first."""
    try:
        import uvicorn

        from riftsolve.faces.web.app import create_app, warm_up
    except ImportError as err:
        raise ScenarioError("serve", _("the page needs the web extra ({missing} is not "
                                       "installed): {install}")
                            .format(missing=err.name or err, install=INSTALL)) from None
    sock = listen(host, port)
    warm_up()
    out.write(_("riftsolve: the page is at {url} (Ctrl-C to stop)").format(url=url(sock))
              + "\n")
    out.flush()
    local = (DEFAULT_HOST, "localhost")
    hosts = local if host in local else ()  # elsewhere, the names are the network's
    config = uvicorn.Config(create_app(cards, timeout, hosts), log_level="warning",
                            access_log=False, lifespan="off")
    uvicorn.Server(config).run(sockets=[sock])
    return 0
