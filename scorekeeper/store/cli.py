"""``scorekeeper export|import|backup|check``: manage the data from a terminal.

    scorekeeper export [--game ID ...] [--csv] [-o FILE]   JSON (or one game's CSV sheet)
    scorekeeper import FILE [--dry-run]                    FILE may be - for stdin
    scorekeeper backup                                     zip the data folder
    scorekeeper check                                      replay every game; exit 1 on problems

Every command takes ``--data-dir DIR`` (before or after the command name);
without it the folder is ``default_data_dir()``.  ``export`` and ``check``
fall back to a read-only view when the app has the folder open.

Exit codes: 0 done, 1 a problem (printed on stderr), 2 bad arguments.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from .errors import StoreError, StoreLockedError
from .storage import atomic_write_bytes
from .store import Store, open_store

COMMANDS = ("export", "import", "backup", "check")


def _parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--data-dir",
        type=Path,
        default=argparse.SUPPRESS,
        help="the data folder (default: FLET_APP_STORAGE_DATA, SCOREKEEPER_DATA, "
        "or the user data folder)",
    )
    parser = argparse.ArgumentParser(
        prog="scorekeeper", description="Manage Gin Scorekeeper data.", parents=[common]
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    p = sub.add_parser("export", parents=[common], help="write games as JSON (or CSV)")
    p.add_argument("--game", action="append", metavar="ID", help="only this game (repeatable)")
    p.add_argument("--csv", action="store_true", help="one game's score sheet as CSV")
    p.add_argument("-o", "--output", type=Path, help="write to this file (default: stdout)")
    p = sub.add_parser("import", parents=[common], help="import an export file")
    p.add_argument("file", help="the export file, or - for stdin")
    p.add_argument("--dry-run", action="store_true", help="only say what would change")
    sub.add_parser("backup", parents=[common], help="zip the data folder into backups/")
    sub.add_parser("check", parents=[common], help="replay every game and report problems")
    return parser


def main(argv: Sequence[str]) -> int:
    """Run one data command; ``argv`` starts with the command's name."""
    try:
        args = _parser().parse_args(list(argv))
    except SystemExit as exc:  # argparse exits on --help and on errors
        return int(exc.code) if isinstance(exc.code, int) else 2
    data_dir: Path | None = getattr(args, "data_dir", None)
    try:
        if args.command == "export":
            return _export(args, data_dir)
        if args.command == "import":
            return _import(args, data_dir)
        if args.command == "backup":
            with open_store(data_dir) as store:
                _print_notices(store)
                print(store.backup())
            return 0
        return _check(data_dir)
    except StoreError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


def _open_for_reading(data_dir: Path | None) -> Store:
    try:
        return open_store(data_dir)
    except StoreLockedError:
        print("note: the app has the data open; reading a snapshot instead", file=sys.stderr)
        return open_store(data_dir, read_only=True)


def _print_notices(store: Store) -> None:
    for notice in store.notices:
        print(f"note: {notice}", file=sys.stderr)


def _export(args: argparse.Namespace, data_dir: Path | None) -> int:
    with _open_for_reading(data_dir) as store:
        _print_notices(store)
        if args.csv:
            if not args.game or len(args.game) != 1:
                print("error: --csv needs exactly one --game ID", file=sys.stderr)
                return 2
            text = store.export_csv(args.game[0])
        else:
            data = store.export_json(args.game)
            text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    if args.output is None:
        sys.stdout.write(text)
    else:
        atomic_write_bytes(args.output, text.encode("utf-8"))
        print(f"wrote {args.output}", file=sys.stderr)
    return 0


def _import(args: argparse.Namespace, data_dir: Path | None) -> int:
    if args.file == "-":
        raw = sys.stdin.buffer.read()
    else:
        try:
            raw = Path(args.file).read_bytes()
        except OSError as exc:
            print(f"error: can't read {args.file}: {exc.strerror or exc}", file=sys.stderr)
            return 1
    with open_store(data_dir) as store:
        _print_notices(store)
        report = store.import_json(raw, dry_run=args.dry_run)
    for message in report.messages:
        print(f"- {message}")
    print(("would be: " if args.dry_run else "") + str(report))
    return 0


def _check(data_dir: Path | None) -> int:
    with _open_for_reading(data_dir) as store:
        notices = list(store.notices)
        problems = store.check()
        games = len(store.list_games(include_deleted=True))
        players = len(store.players(include_hidden=True))
    for notice in notices:
        print(f"repaired: {notice}")
    for problem in problems:
        if problem not in notices:
            print(f"problem: {problem}")
    print(f"checked {games} games and {players} players in {store.data_dir}")
    bad = len(set(problems) | set(notices))
    print("all good" if not bad else f"{bad} problem(s) found")
    return 1 if bad else 0
