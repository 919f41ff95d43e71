"""``riftsolve serve``: a page for the judges' table, on a local web server.

The page (``static/``) is a small HTML and JavaScript file shipped with the package: no
build step, nothing fetched from elsewhere, so it works offline. It asks the server one
JSON question at a time (:mod:`~riftsolve.faces.web.answer`); the web framework
(Starlette, served by uvicorn: ``pip install 'riftsolve[web]'``) is imported only by
:mod:`~riftsolve.faces.web.app` and :mod:`~riftsolve.faces.web.serve`, when the command
runs.
"""

#: Where the page listens unless told: this machine only.
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
#: Seconds a question may take before it is refused.
DEFAULT_TIMEOUT = 30.0
