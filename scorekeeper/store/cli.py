"""``scorekeeper export|import|backup|check``: manage the data from a terminal.

    scorekeeper export [--game ID ...] [--csv] [-o FILE]   JSON (or one game's CSV sheet)
    scorekeeper import FILE [--dry-run]                    FILE may be - for stdin
    scorekeeper backup                                     zip the data folder
    scorekeeper check [--repair]                           replay every game; exit 1 on problems
                                                           (--repair: fix what can be, say what;
                                                           a repair that worked is no problem)

Every command takes ``--data-dir DIR`` and ``--lang CODE`` (before or after
the command name); without ``--data-dir`` the folder is ``default_data_dir()``.
``export`` and ``check`` fall back to a read-only view when the app has the
folder open.

Everything printed is in the user's language: ``--lang``, else the one chosen
in the app's settings for that data folder, else the system's.

Exit codes: 0 done, 1 a problem (printed on stderr), 2 bad arguments.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from scorekeeper.i18n import LANGUAGES, Translator
from scorekeeper.i18n.reports import import_summary
from scorekeeper.settings import load_settings

from .errors import Repaired, StoreError, StoreLockedError
from .paths import default_data_dir
from .storage import atomic_write_bytes
from .store import Store, open_store

COMMANDS = ("export", "import", "backup", "check")


def cli_language(lang: str | None, data_dir: Path | None) -> str:
    """The language to print in: ``--lang``, else the one chosen in the app's
    settings for the data folder, else the system's.

    >>> cli_language("uk", None)
    'uk'
    """
    if lang in LANGUAGES:
        return lang
    return load_settings(default_data_dir() if data_dir is None else data_dir).language_code


def _language(argv: Sequence[str]) -> str:
    """The language for ``argv``, read before the (translated) parser is built."""
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--data-dir", type=Path)
    pre.add_argument("--lang")
    try:
        known, _ = pre.parse_known_args(list(argv))
    except SystemExit:  # e.g. --lang without a value: the real parser will say so
        return cli_language(None, None)
    lang = known.lang.lower() if isinstance(known.lang, str) else None
    return cli_language(lang, known.data_dir)


def _parser(t: Translator) -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--data-dir",
        type=Path,
        default=argparse.SUPPRESS,
        help=t.gettext(
            "the data folder (default: FLET_APP_STORAGE_DATA, SCOREKEEPER_DATA, "
            "or the user data folder)"
        ),
    )
    common.add_argument(
        "--lang",
        type=str.lower,
        choices=list(LANGUAGES),
        default=argparse.SUPPRESS,
        metavar="CODE",
        help=t.gettext(
            "the language of the messages: {codes} (default: the one chosen in the app's "
            "settings, else the system's)"
        ).format(codes=", ".join(LANGUAGES)),
    )
    parser = argparse.ArgumentParser(
        prog="scorekeeper",
        description=t.gettext("Manage Gin Scorekeeper data."),
        parents=[common],
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    p = sub.add_parser("export", parents=[common], help=t.gettext("write games as JSON (or CSV)"))
    p.add_argument(
        "--game", action="append", metavar="ID", help=t.gettext("only this game (repeatable)")
    )
    p.add_argument("--csv", action="store_true", help=t.gettext("one game's score sheet as CSV"))
    p.add_argument(
        "-o",
        "--output",
        type=Path,
        help=t.gettext("write to this file (default: stdout)"),
    )
    p = sub.add_parser("import", parents=[common], help=t.gettext("import an export file"))
    p.add_argument("file", help=t.gettext("the export file, or - for stdin"))
    p.add_argument("--dry-run", action="store_true", help=t.gettext("only say what would change"))
    sub.add_parser("backup", parents=[common], help=t.gettext("zip the data folder into backups/"))
    p = sub.add_parser(
        "check", parents=[common], help=t.gettext("replay every game and report problems")
    )
    p.add_argument(
        "--repair",
        action="store_true",
        help=t.gettext("fix what can be fixed (index, totals, dangling references) and say what"),
    )
    return parser


def main(argv: Sequence[str]) -> int:
    """Run one data command; ``argv`` starts with the command's name."""
    t = Translator(_language(argv))
    try:
        args = _parser(t).parse_args(list(argv))
    except SystemExit as exc:  # argparse exits on --help and on errors
        return int(exc.code) if isinstance(exc.code, int) else 2
    data_dir: Path | None = getattr(args, "data_dir", None)
    try:
        if args.command == "export":
            return _export(t, args, data_dir)
        if args.command == "import":
            return _import(t, args, data_dir)
        if args.command == "backup":
            with open_store(data_dir) as store:
                _print_notices(t, store)
                print(store.backup())
            return 0
        return _check(t, data_dir, repair=getattr(args, "repair", False))
    except StoreError as exc:
        _error(t, t.render(exc))
        return 1
    except OSError as exc:  # e.g. writing --output: one line, never a traceback
        where = f"{exc.filename}: " if exc.filename else ""
        _error(t, where + (exc.strerror or str(exc)))
        return 1
    except Exception as exc:  # a bug: still one line (the traceback helps no one here)
        _error(t, f"{type(exc).__name__}: {exc}")
        return 1


def _error(t: Translator, message: str) -> None:
    print(t.gettext("error: {message}").format(message=message), file=sys.stderr)


def _open_for_reading(t: Translator, data_dir: Path | None) -> Store:
    try:
        return open_store(data_dir)
    except StoreLockedError:
        print(
            t.gettext("note: the app has the data open; reading a snapshot instead"),
            file=sys.stderr,
        )
        return open_store(data_dir, read_only=True)


def _print_notices(t: Translator, store: Store) -> None:
    for notice in store.notices:
        print(t.gettext("note: {message}").format(message=t.render(notice)), file=sys.stderr)


def _export(t: Translator, args: argparse.Namespace, data_dir: Path | None) -> int:
    with _open_for_reading(t, data_dir) as store:
        _print_notices(t, store)
        if args.csv:
            if not args.game or len(args.game) != 1:
                _error(t, t.gettext("--csv needs exactly one --game ID"))
                return 2
            text = store.export_csv(args.game[0])
        else:
            data = store.export_json(args.game)
            text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    if args.output is None:
        sys.stdout.write(text)
    else:
        atomic_write_bytes(args.output, text.encode("utf-8"))
        print(t.gettext("wrote {file}").format(file=args.output), file=sys.stderr)
    return 0


def _import(t: Translator, args: argparse.Namespace, data_dir: Path | None) -> int:
    if args.file == "-":
        raw = sys.stdin.buffer.read()
    else:
        try:
            raw = Path(args.file).read_bytes()
        except OSError as exc:
            reason = exc.strerror or str(exc)
            _error(
                t,
                t.gettext("could not read {file}: {reason}").format(file=args.file, reason=reason),
            )
            return 1
    with open_store(data_dir) as store:
        _print_notices(t, store)
        report = store.import_json(raw, dry_run=args.dry_run)
    for message in report.messages:
        print(f"- {t.render(message)}")
    summary = import_summary(t, report)
    if args.dry_run:
        summary = t.gettext("dry run (nothing was changed): {summary}").format(summary=summary)
    print(summary)
    return 0


def _check(t: Translator, data_dir: Path | None, *, repair: bool = False) -> int:
    folder = default_data_dir() if data_dir is None else data_dir
    if not folder.is_dir():  # say so, rather than make an empty one and call it good
        _error(t, t.gettext("there is no data folder at {folder}").format(folder=folder))
        return 1
    done: list[str] = []  # what was repaired (at open, or by --repair)
    lost: list[str] = []  # what the open could not make whole again
    if repair:
        with open_store(data_dir) as store:  # the app must be closed to repair
            for line in [*store.notices, *store.repair()]:
                (done if isinstance(line, Repaired) else lost).append(line)
    with _open_for_reading(t, data_dir) as store:
        for line in store.notices if not repair else []:
            (done if isinstance(line, Repaired) else lost).append(line)
        found = store.check()
        games = len(store.list_games(include_deleted=True))
        players = len(store.players(include_hidden=True))
    # A recovery made while checking a file (it explains what follows) is a repair too.
    done.extend(p for p in found if isinstance(p, Repaired))
    done = list(dict.fromkeys(done))  # each once, in order
    problems = list(dict.fromkeys([*lost, *(p for p in found if not isinstance(p, Repaired))]))
    for line in done:
        print(t.gettext("repaired: {message}").format(message=t.render(line)))
    for problem in problems:
        print(t.gettext("problem: {message}").format(message=t.render(problem)))
    print(
        t.gettext("checked {games} and {players} in {folder}").format(
            games=t.ngettext("{n} game", "{n} games", games).format(n=games),
            players=t.ngettext("{n} player", "{n} players", players).format(n=players),
            folder=store.data_dir,
        )
    )
    # A repair that worked leaves nothing wrong: only what is still wrong (or
    # was lost) is a problem, and only then is the exit code 1.
    if problems:
        n = len(problems)
        print(t.ngettext("{n} problem found", "{n} problems found", n).format(n=n))
    else:
        print(t.gettext("all good"))
    return 1 if problems else 0
