"""AtomicJSONStorage: atomic commits, backups, and never overwriting a bad file."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from tinydb import TinyDB

from scorekeeper.store.errors import StoreError
from scorekeeper.store.storage import AtomicJSONStorage, parse_tables, remove_orphans

DAMAGE = {
    "corrupt": b'{"t": {"1": {"x": 1}',
    "truncated": b'{"t": {"1": {"x": 1}}, "u": {"1": {"y"',
    "empty": b"",
    "whitespace": b"  \n",
    "binary": b"\x00\xff\xfe garbage",
    "wrong shape (list)": b"[1, 2, 3]",
    "wrong shape (table)": b'{"t": [1, 2]}',
    "wrong shape (doc)": b'{"t": {"1": 5}}',
}


def make_db(path: Path, **kw: object) -> TinyDB:
    return TinyDB(path, storage=AtomicJSONStorage, **kw)


def test_commit_is_atomic_and_keeps_rotating_backups(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    db = make_db(path, backups=3)
    for i in range(6):
        db.table("t").insert({"i": i})
    assert len(json.loads(path.read_bytes())["t"]) == 6
    for n in (1, 2, 3):
        # .bakN is the state N commits ago
        assert len(json.loads((tmp_path / f"t.json.bak{n}").read_bytes())["t"]) == 6 - n
    assert not (tmp_path / "t.json.bak4").exists()
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_a_batch_is_one_commit_and_an_error_discards_it(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    db = make_db(path)
    storage = db.storage
    assert isinstance(storage, AtomicJSONStorage)
    db.table("t").insert({"i": 0})
    with storage.batch():
        db.table("t").insert({"i": 1})
        db.table("u").insert({"i": 2})
        assert len(json.loads(path.read_bytes())["t"]) == 1  # nothing written yet
    assert json.loads(path.read_bytes()) == {
        "t": {"1": {"i": 0}, "2": {"i": 1}},
        "u": {"1": {"i": 2}},
    }
    before = path.read_bytes()
    with pytest.raises(RuntimeError), storage.batch():
        db.table("t").insert({"i": 3})
        raise RuntimeError("boom")
    assert path.read_bytes() == before
    assert [d["i"] for d in db.table("t").all()] == [0, 1]  # the cache was dropped too


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_a_damaged_file_is_moved_aside_and_the_backup_restored(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "t.json"
    db = make_db(path)
    db.table("t").insert({"x": 1})
    db.table("t").insert({"x": 2})
    path.write_bytes(DAMAGE[kind])

    fresh = make_db(path)
    assert [d["x"] for d in fresh.table("t").all()] == [1]  # the newest good backup
    storage = fresh.storage
    assert isinstance(storage, AtomicJSONStorage)
    [notice] = storage.notices
    assert "t.json was damaged" in notice and "restored the backup" in notice
    moved = list((tmp_path / "damaged").iterdir())
    assert [p.read_bytes() for p in moved] == [DAMAGE[kind]]  # kept, byte for byte
    assert str(moved[0]) in notice
    # and the restored file is a normal one again
    assert json.loads(path.read_bytes()) == {"t": {"1": {"x": 1}}}


def test_a_bad_backup_is_skipped_for_an_older_good_one(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    db = make_db(path)
    for x in range(4):
        db.table("t").insert({"x": x})
    path.write_bytes(b"junk")
    (tmp_path / "t.json.bak1").write_bytes(b"")
    fresh = make_db(path)
    assert len(fresh.table("t").all()) == 2  # .bak2
    storage = fresh.storage
    assert isinstance(storage, AtomicJSONStorage)
    assert "t.json.bak2" in storage.notices[0]


def test_no_good_backup_starts_empty_but_keeps_the_bad_file(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_bytes(b"{nope")
    db = make_db(path)
    assert db.table("t").all() == []
    storage = db.storage
    assert isinstance(storage, AtomicJSONStorage)
    assert "no readable backup" in storage.notices[0]
    assert [p.read_bytes() for p in (tmp_path / "damaged").iterdir()] == [b"{nope"]


def test_a_missing_file_with_backups_is_restored(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    db = make_db(path)
    db.table("t").insert({"x": 1})
    db.table("t").insert({"x": 2})
    path.unlink()
    fresh = make_db(path)
    assert len(fresh.table("t").all()) == 1
    storage = fresh.storage
    assert isinstance(storage, AtomicJSONStorage)
    assert "t.json was missing" in storage.notices[0]


def test_read_only_shows_the_backup_and_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    db = make_db(path)
    db.table("t").insert({"x": 1})
    db.table("t").insert({"x": 2})
    path.write_bytes(b"broken")
    listing = sorted(os.listdir(tmp_path))
    ro = make_db(path, read_only=True)
    assert [d["x"] for d in ro.table("t").all()] == [1]
    assert [d["x"] for d in ro.table("t").all()] == [1]
    storage = ro.storage
    assert isinstance(storage, AtomicJSONStorage)
    assert len(storage.notices) == 1 and "nothing was changed" in storage.notices[0]
    assert sorted(os.listdir(tmp_path)) == listing
    assert path.read_bytes() == b"broken"
    with pytest.raises(StoreError, match="read-only"):
        ro.table("t").insert({"x": 3})


def test_a_validator_refuses_files_that_parse_but_make_no_sense(tmp_path: Path) -> None:
    path = tmp_path / "t.json"

    def needs_meta(data: dict[str, dict[str, object]]) -> str | None:
        return None if "meta" in data else "it has no meta table"

    db = make_db(path, validator=needs_meta)
    db.table("meta").insert({"v": 1})
    db.table("meta").insert({"v": 2})
    path.write_text('{"other": {}}')
    fresh = make_db(path, validator=needs_meta)
    assert len(fresh.table("meta").all()) == 1
    storage = fresh.storage
    assert isinstance(storage, AtomicJSONStorage)
    assert "it has no meta table" in storage.notices[0]


def test_changes_by_another_writer_are_seen(tmp_path: Path) -> None:
    # The cache is keyed on the file's size/time/inode, so a read-only view
    # follows a writer's atomic replacements.
    path = tmp_path / "t.json"
    writer = make_db(path)
    writer.table("t").insert({"x": 1})
    reader = make_db(path, read_only=True)
    assert len(reader.table("t").all()) == 1
    writer.table("t").insert({"x": 2})
    assert len(reader.table("t").all()) == 2


def test_orphaned_temporary_files_are_removed(tmp_path: Path) -> None:
    (tmp_path / ".t.json.abcd1234.tmp").write_text("half")
    (tmp_path / "keep.json").write_text("{}")
    assert remove_orphans(tmp_path) == 1
    assert os.listdir(tmp_path) == ["keep.json"]


def test_parse_tables_messages() -> None:
    with pytest.raises(ValueError, match="not valid JSON"):
        parse_tables(b"{")
    with pytest.raises(ValueError, match="empty"):
        parse_tables(b"")
    with pytest.raises(ValueError, match="not a database file"):
        parse_tables(b'"text"')


def test_a_failed_write_leaves_the_old_file_and_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "t.json"
    db = make_db(path)
    db.table("t").insert({"x": 1})
    before = path.read_bytes()

    def disk_full(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", disk_full)
    with pytest.raises(StoreError, match=r"could not save t\.json: No space left"):
        db.table("t").insert({"x": 2})
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert len(db.table("t").all()) == 1
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
