"""Sphinx configuration of the riftsolve manual (pages in Markdown, read by MyST-Parser)."""

from __future__ import annotations

import riftsolve

project = "riftsolve"
author = "riftsolve contributors"
copyright = "riftsolve contributors, MIT License"
version = release = riftsolve.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build"]

myst_heading_anchors = 3

autodoc_member_order = "bysource"
autodoc_typehints = "description"

html_theme = "furo"
html_title = f"riftsolve {release}"
