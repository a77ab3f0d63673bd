"""The role table (scorekeeper/ui/roles.py) is checked where the store is
called: a player's device is refused, at its session's store view, every
action the table keeps for the host, and the screens' actions that do not
go through the store (the folder's settings, a path on the host's disk) are
refused before anything on the disk is read, made or written."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import pytest

from scorekeeper.settings import load_settings
from scorekeeper.store import Store, StoreError, open_store
from scorekeeper.ui.admitted_store import AdmittedStore
from scorekeeper.ui.join import JoinGate
from scorekeeper.ui.review.model import ReviewModel
from scorekeeper.ui.roles import HOST_ONLY, MAY, Role, may

HOST_ONLY_MEMBERS = sorted(name for name, roles in MAY.items() if roles == {"host"})


def members_of_the_store() -> set[str]:
    return {name for name in dir(Store) if not name.startswith("_")}


def test_every_member_of_the_store_is_in_the_table() -> None:
    """A method added to the store later must be put in the table; until
    then it is the host's alone (the table fails closed)."""
    missing = members_of_the_store() - set(MAY)
    assert not missing, f"not in scorekeeper/ui/roles.py MAY: {sorted(missing)}"
    assert not may("guest", "not_a_member")


def test_the_table_keeps_the_hosts_disk_and_everyones_data_for_the_host() -> None:
    for action in (
        *("backup", "import_json", "import_json_async", "export_json", "restore_game"),
        *("delete_game", "purge_deleted", "merge_players", "rename_player", "hide_player"),
        *("settle_up", "undo_settle_up", "settings", "host_disk", "close", "repair"),
    ):
        assert MAY[action] == {"host"}, action
    for action in ("create_game", "add_player", "record_hand", "edit_hand", "undo", "redo"):
        assert MAY[action] == {"host", "guest"}, action


class Recorder:
    """A store that records each member used (it never refuses)."""

    data_dir = Path("/nowhere")
    importing = False
    locked = False

    def __init__(self) -> None:
        self.used: list[str] = []

    def __getattr__(self, name: str) -> Any:
        def call(*args: Any, **kwargs: Any) -> None:
            self.used.append(name)

        return call


@pytest.mark.parametrize("member", HOST_ONLY_MEMBERS)
def test_a_players_device_is_refused_each_host_only_action_at_its_store_view(
    member: str,
) -> None:
    inner = Recorder()
    view = AdmittedStore(inner, lambda: True, "guest")
    with pytest.raises(StoreError) as refused:
        getattr(view, member)()
    assert refused.value.msg.template == HOST_ONLY
    assert inner.used == []  # refused before the store was reached
    AdmittedStore(inner, lambda: True, "host").__getattr__(member)  # the host's own: allowed


@pytest.mark.parametrize("role", ["host", "guest"])
def test_both_roles_play(tmp_path: Path, role: Role) -> None:
    with open_store(tmp_path) as store:
        view = AdmittedStore(store, lambda: True, role)
        ann, bob = view.add_player("Ann"), view.add_player("Bob")
        game_id = view.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
        assert [g.id for g in view.list_games()] == [game_id]
        assert view.game(game_id).players == (ann.id, bob.id)


def files_of(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def guest_review(store: Store) -> ReviewModel:
    review = ReviewModel(cast(Store, AdmittedStore(store, lambda: True, "guest")))
    review.device_settings = frozenset({"language", "theme"})
    return review


def test_a_players_device_cannot_choose_a_folder_on_the_hosts_disk(tmp_path: Path) -> None:
    with open_store(tmp_path / "data") as store:
        review = guest_review(store)
        folder = tmp_path / "planted" / "deep"
        with pytest.raises(StoreError) as refused:
            review.options.set_backup_folder(str(folder))
        assert refused.value.msg.template == HOST_ONLY
        assert not (tmp_path / "planted").exists()  # not made, not looked at
        assert load_settings(tmp_path / "data").backup_folder is None
        with pytest.raises(StoreError):
            review.options.stop_auto_backups()
        with pytest.raises(StoreError):
            review.options.backup_now()
        assert not (tmp_path / "data" / "backups").exists()
        assert review.options.backup_files() == []


def test_a_players_device_keeps_its_language_but_not_the_hosts_settings(
    tmp_path: Path,
) -> None:
    with open_store(tmp_path / "data") as store:
        review = guest_review(store)
        before = files_of(tmp_path / "data")
        review.options.set_language("fi")  # this device's own
        assert review.settings.language == "fi"
        with pytest.raises(StoreError) as refused:
            review.options.update_settings(target=250)
        assert refused.value.msg.template == HOST_ONLY
        assert files_of(tmp_path / "data") == before  # nothing written
        assert load_settings(tmp_path / "data").target is None


def test_a_players_device_cannot_tell_a_file_from_a_free_path_on_the_hosts_disk(
    tmp_path: Path,
) -> None:
    there = tmp_path / "there.json"
    there.write_text("{}")
    with open_store(tmp_path / "data") as store:
        review = guest_review(store)
        review.data.allow_paths = True  # as a browser claiming to be a desktop would get
        said = []
        for path in (there, tmp_path / "not-there.json"):
            with pytest.raises(StoreError) as refused:
                review.data.import_file(str(path))
            said.append(refused.value.msg.template)
        assert said == [HOST_ONLY, HOST_ONLY]
        with pytest.raises(StoreError):
            review.options.restore_backup(there)
        with pytest.raises(StoreError):
            review.data.save_export("x", ".json", b"{}")
        assert not (tmp_path / "data" / "exports").exists()


def test_no_device_may_call_itself_the_host() -> None:
    gate = JoinGate(code="123456")
    names = []
    for name in ("The host", "THE HOST", "Isäntä", "Головний пристрій", "Ann's phone"):
        token = gate.try_code("10.0.0.2", "123456", name=name).token
        assert token
        names.append(gate.name(token))
    assert names == ["Device 1", "Device 2", "Device 3", "Device 4", "Ann's phone"]


WRITES = sorted(name for name, roles in MAY.items() if "viewer" not in roles)


@pytest.mark.parametrize("member", WRITES)
def test_a_watching_screen_is_refused_everything_but_reading(member: str) -> None:
    inner = Recorder()
    view = AdmittedStore(inner, lambda: True, "viewer")
    with pytest.raises(StoreError) as refused:
        getattr(view, member)()
    assert refused.value.msg.template == HOST_ONLY
    assert inner.used == []


def test_a_watching_screen_reads_the_games(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        ann, bob = store.add_player("Ann"), store.add_player("Bob")
        gid = store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
        view = AdmittedStore(store, lambda: True, "viewer")
        assert [g.id for g in view.recent_games(5)] == [gid]
        assert view.game(gid).players == (ann.id, bob.id)
        assert {"record_hand", "undo", "create_game", "export_csv"} <= set(WRITES)
