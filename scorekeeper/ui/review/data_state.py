"""The export and import screen's state (``review.data``): every game
exported (a file in the exports folder, or a download for a browser), and
an export file imported (a path on this machine, or uploaded bytes).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from scorekeeper.i18n.reports import import_summary
from scorekeeper.settings import save_settings
from scorekeeper.store import ImportReport, StoreError

from .common import Review, ScreenState

__all__ = ["DataState", "Download"]


@dataclass(frozen=True)
class Download:
    """An export for a browser: the file name, its bytes, and what to say once
    the browser has it."""

    name: str
    data: bytes
    note: str


class DataState(ScreenState):
    """The exports folder, the path typed to import, and the imports."""

    def __init__(self, review: Review) -> None:
        super().__init__(review)
        self.import_path = ""
        self.last_export: Path | None = None
        #: Whether import may read a path on this machine: the desktop window
        #: only.  A browser session uploads and downloads instead (the host
        #: sets this to False in web mode).
        self.allow_paths = True

    # --- export ----------------------------------------------------------------------

    @property
    def exports_dir(self) -> Path:
        return self.review.data_dir / "exports"

    def save_export(self, stem: str, suffix: str, payload: bytes) -> Path:
        """Write an export into :attr:`exports_dir`, named ``stem``, the time
        and ``suffix`` (never over another file)."""
        from scorekeeper.store.storage import atomic_write_bytes

        self.require("host_disk")

        folder = self.exports_dir
        folder.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        path = folder / f"{stem}-{stamp}{suffix}"
        n = 2
        while path.exists():
            path = folder / f"{stem}-{stamp}-{n}{suffix}"
            n += 1
        atomic_write_bytes(path, payload)
        self.last_export = path
        return path

    def _all_games(self) -> tuple[int, bytes]:
        import json

        data = self.store.export_json()
        return len(data.get("games", [])), json.dumps(data, indent=1, ensure_ascii=False).encode()

    def export_all(self) -> Path:
        n, payload = self._all_games()
        path = self.save_export("scorekeeper-export", ".json", payload)
        self._exported()
        self.review.note = self.t.ngettext(
            "Exported {n} game to {path}", "Exported {n} games to {path}", n
        ).format(n=n, path=str(path))
        return path

    def _exported(self) -> None:
        """Every game exported: the phone's reminder counts from here."""
        from ..backups import finished_games

        review = self.review
        new = review.settings.replace(exported_games=finished_games(self.store))
        save_settings(review.data_dir, new)
        review.settings = new

    def download_all(self) -> Download:
        """Every game, for a browser: a download, nothing written on the server."""
        n, payload = self._all_games()
        self._exported()
        name = f"scorekeeper-export-{datetime.now().strftime('%Y%m%d-%H%M%S')}.json"
        note = self.t.ngettext(
            "Exported {n} game: {name} is in your downloads.",
            "Exported {n} games: {name} is in your downloads.",
            n,
        ).format(n=n, name=name)
        return Download(name, payload, note)

    def export_files(self) -> Sequence[Path]:
        folder = self.exports_dir
        if not folder.is_dir():
            return []
        return sorted(folder.glob("*.json"), reverse=True)

    # --- import ----------------------------------------------------------------------

    def set_import_path(self, text: str) -> None:
        self.import_path = text

    def import_file(self, path: str | None = None) -> ImportReport:
        self.require("host_disk")  # before the path is even looked at
        if not self.allow_paths:  # a browser never names a file on this machine
            raise StoreError(self.t.gettext("Choose the export file to upload."))
        raw = (path if path is not None else self.import_path).strip().strip('"').strip("'")
        if not raw:
            raise StoreError(self.t.gettext("Type or paste the path of an export file."))
        p = Path(raw).expanduser()
        if not p.is_absolute():
            p = self.review.data_dir / p
        return self.import_bytes(p.read_bytes())

    def import_bytes(self, data: bytes) -> ImportReport:
        return self._imported(self.store.import_json(data))

    async def import_bytes_async(self, data: bytes) -> ImportReport:
        """:meth:`import_bytes` off the event loop (the file is checked in
        another process, see scorekeeper/store/importer.py): a browser's upload,
        while the other devices at the table go on playing."""
        self.review.clear_messages()
        self.review.note = self.t.gettext("Importing…")
        return self._imported(await self.store.import_json_async(data))

    @property
    def importing(self) -> bool:
        """Whether an import into this data folder is under way (any session's)."""
        return bool(getattr(self.store, "importing", False))

    def _imported(self, report: ImportReport) -> ImportReport:
        review = self.review
        review.clear_messages()
        lines = [import_summary(self.t, report), *(self.t.render(m) for m in report.messages)]
        review.note = "\n".join(lines)
        review.changed("games")
        return report
