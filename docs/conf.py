"""Sphinx configuration of the pokerhash documentation.

Build: ``pip install ".[docs]"`` then ``sphinx-build -W -b html docs docs/_build/html``;
``sphinx-build -W -b doctest docs docs/_build/doctest`` runs every example. The pages
document the installed package (autodoc imports it), so build after installing.
"""

import sys
from pathlib import Path

import pokerhash

# docs/_ext: the game-catalogue directive (the game tables, written from the catalogue).
sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "pokerhash"
author = "pokerhash developers"
copyright = "2026, pokerhash developers"
release = pokerhash.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.doctest",
    "sphinx.ext.napoleon",
    "gamecatalogue",
]

exclude_patterns = ["_build"]
root_doc = "index"
html_theme = "alabaster"
# A column wide enough for the examples' 88-character lines (tests/test_docs.py keeps
# them within it) beside the sidebar: alabaster's default page (940 px, a body of at
# most 800 px) shows about 72 characters of code before it scrolls.
html_theme_options = {"page_width": "1240px", "sidebar_width": "240px", "body_max_width": "940px"}
html_title = f"pokerhash {release}"

# Signatures read like the code: type hints in the signature, members in source order.
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"members": True, "undoc-members": False}
autosummary_generate = False
napoleon_google_docstring = True
napoleon_numpy_docstring = False

# No hidden set-up: every example shows the imports it needs, so that it runs as
# pasted (tests/test_docs.py checks each block), and the doctest build runs the
# pages exactly as written, each page's blocks in order. Only the directory differs:
# examples write their files (pictures, replayer pages) where they run, as a reader's
# would, and the build runs them in a scratch directory rather than in docs/.
doctest_global_setup = "import os, tempfile; os.chdir(tempfile.mkdtemp(prefix='docs-examples-'))"


# Outputs are compared exactly: no "..." wildcard unless a block asks for it.
doctest_default_flags = 0


def _replayer_page(app, exception):
    """Beside the HTML pages, a live replayer of a few hands (docs/pictures.rst links to
    it), written by the package itself at each build (tools/make_doc_pictures.py)."""
    if exception is not None or app.builder.format != "html":
        return
    import runpy
    from pathlib import Path

    from pokerhash import pictures

    tools = Path(__file__).resolve().parent.parent / "tools" / "make_doc_pictures.py"
    hands = runpy.run_path(str(tools))["demo_hands"]()
    pictures.save_replay(hands, Path(app.outdir) / "replayer-demo.html", title="pokerhash: the hand replayer")


def setup(app):
    app.connect("build-finished", _replayer_page)
