"""The doctests of optional modules run only with their extra installed."""

from __future__ import annotations

import importlib.util

#: Modules whose extra is missing are not collected (their tests skip, saying why).
collect_ignore = [] if importlib.util.find_spec("gymnasium") else ["gym.py"]
