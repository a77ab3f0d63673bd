"""``scorekeeper`` / ``python -m scorekeeper``: launch the app, or run a data command.

scorekeeper [--web] [--port N] [--host H] [--data-dir DIR]   start the app
scorekeeper export|import|backup|check ...                     manage the data
scorekeeper build-web OUT_DIR                                  the app as a static site for phones
    (data commands take --lang CODE: the language of what they print)
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

DATA_COMMANDS = ("export", "import", "backup", "check")


def _command(args: Sequence[str]) -> str | None:
    """The first word that is not an option (``--data-dir DIR`` or ``--lang
    CODE`` may come first).

    >>> _command(["--data-dir", "/tmp/x", "export", "-o", "f.json"])
    'export'
    >>> _command(["--lang", "lv", "check"])
    'check'
    >>> _command(["--web", "--port", "8600"]) is None
    True
    """
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg in ("--data-dir", "--lang", "--port", "--host", "--allow-host"):
            skip = True
        elif not arg.startswith("-"):
            return arg
    return None


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if _command(args) == "build-web":
        from scorekeeper.web.build import main as build_main

        return build_main(args[args.index("build-web") + 1 :])
    if _command(args) in DATA_COMMANDS:
        from scorekeeper.store.cli import main as data_main

        return data_main(args)
    from scorekeeper.ui.launch import main as app_main

    return app_main(args)


if __name__ == "__main__":
    sys.exit(main())
