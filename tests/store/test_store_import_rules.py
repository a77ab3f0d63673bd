"""Import refuses what the app refuses (issue #11): names, ids, numbers and
dates out of range, dangling references, deep nesting.  Each refusal is one
clear StoreError and changes no byte of the data folder."""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine import Hand
from scorekeeper.store import StoreError, open_store
from scorekeeper.store.documents import ExportDoc

Export = dict[str, Any]


def _files(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
        and p.name not in (".lock", "index.json")
        and p.relative_to(folder).parts[0] != "index"
    }


@pytest.fixture
def setting(tmp_path: Path) -> dict[str, Any]:
    """A folder here (Ann, Bob, one game) and an export from elsewhere
    (Cleo and Dan, one game with an edited hand)."""
    here = tmp_path / "here"
    with open_store(here) as store:
        ann, bob = store.add_player("Ann"), store.add_player("Bob")
        gid = store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
        store.record_hand(gid, Hand.knock(ann.id, 3, 25))
    with open_store(tmp_path / "there") as other:
        cleo, dan = other.add_player("Cleo"), other.add_player("Dan")
        g = other.create_game("standard", [cleo.id, dan.id], first_dealer=cleo.id)
        other.record_hand(g, Hand.knock(cleo.id, 3, 25))
        other.record_hand(g, Hand.knock(dan.id, 2, 12))
        other.edit_hand(g, 1, Hand.knock(dan.id, 2, 14))
        export = other.export_json()
    return {"here": here, "gid": gid, "export": export}


def refused(setting: dict[str, Any], data: Export | ExportDoc | str, match: str) -> str:
    here = setting["here"]
    before = _files(here)
    with open_store(here) as store:
        with pytest.raises(StoreError, match=match) as caught:
            store.import_json(data)
        assert [s.id for s in store.list_games()] == [setting["gid"]]
        assert [p.name for p in store.players()] == ["Ann", "Bob"]
    assert _files(here) == before
    return str(caught.value)


def changed(export: Export, change: Callable[[Export], None]) -> Export:
    data = copy.deepcopy(export)
    change(data)
    return data


def set_name(name: str) -> Callable[[Export], None]:
    return lambda d: d["players"][0].update(name=name)


@pytest.mark.parametrize(
    ("name", "match"),
    [
        ("x" * 10_000_000, "that name is too long"),
        ("C" * 41, "that name is too long"),
        ("Cle\x00o", "invisible or control characters"),
        ("Cle\x07o", "invisible or control characters"),
        ("\u202eoelC", "invisible or control characters"),
        ("Ann\u200b", r"invisible or control characters \(U\+200B\)"),
        ("Cl\ufeffeo", "invisible or control characters"),
        ("   ", "has no name"),
    ],
)
def test_names_the_app_would_refuse_are_refused(
    setting: dict[str, Any], name: str, match: str
) -> None:
    message = refused(setting, changed(setting["export"], set_name(name)), match)
    assert message.startswith("This file can't be imported (nothing was changed):")
    assert len(message) < 500  # a 10 MB name is not repeated back


def test_names_are_stored_nfc_normalized_and_matched_without_case_or_width(
    setting: dict[str, Any],
) -> None:
    data = changed(setting["export"], set_name("Ame\u0301lie"))
    data["players"][1]["name"] = "ＡＮＮ"  # full-width: the same as Ann here
    with open_store(setting["here"]) as store:
        report = store.import_json(data)
        names = sorted(p.name for p in store.players())
    assert names == ["Amélie", "Ann", "Bob"]
    assert "Amélie" in names and all(len(n) == len(n.encode("utf-16-le")) // 2 for n in names)
    assert any("taken to be Ann here" in m for m in report.messages)


def test_the_app_refuses_the_same_names(setting: dict[str, Any]) -> None:
    with open_store(setting["here"]) as store:
        for name in ("Ann\u200b", "Bo\x00b", "\u202eX"):
            with pytest.raises(StoreError, match="invisible or control"):
                store.add_player(name)
        with pytest.raises(StoreError, match="already a player called Ann"):
            store.add_player("ＡＮＮ")
        assert store.add_player("Ame\u0301lie").name == "Amélie"


def test_a_dangling_replaces_is_refused(setting: dict[str, Any]) -> None:
    def dangle(d: Export) -> None:
        edited = next(h for h in d["games"][0]["hands"] if h["replaces"])
        edited["replaces"] = "0" * 32

    refused(setting, changed(setting["export"], dangle), "replaces a version .* not in the file")


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda d: d["games"][0].update(id="CON"), "has no valid id"),
        (lambda d: d["games"][0].update(id="lpt1"), "has no valid id"),
        (lambda d: d["players"][0].update(id="nul"), "has no valid id"),
        (lambda d: d["games"].append(dict(d["games"][0], id=d["games"][0]["id"].upper())), "twice"),
        (
            lambda d: d["players"].append(dict(d["players"][0], id=d["players"][0]["id"].upper())),
            "twice",
        ),
    ],
)
def test_ids_the_app_would_refuse_are_refused(
    setting: dict[str, Any], change: Callable[[Export], None], match: str
) -> None:
    refused(setting, changed(setting["export"], change), match)


def test_a_game_id_differing_from_ours_only_by_case_is_refused(setting: dict[str, Any]) -> None:
    with open_store(setting["here"]) as store:
        ours = store.export_json()
    ours["games"][0]["id"] = setting["gid"].upper()
    refused(setting, ours, "differs from .* here only by case")


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ('{"format": "gin-scorekeeper-export", "version": ' + "9" * 5000 + "}", "not valid JSON"),
        ("[" * 100_000, "nest more than"),
        ('{"a": ' + "[" * 50 + "]" * 50 + "}", "nest more than"),
    ],
)
def test_numbers_and_nesting_beyond_reason_are_refused_clearly(
    setting: dict[str, Any], text: str, match: str
) -> None:
    refused(setting, text, match)


def test_a_huge_number_inside_an_export_is_refused(setting: dict[str, Any]) -> None:
    def marked(d: Export) -> None:
        d["games"][0]["hands"][0]["hand"]["defender_deadwood"] = 123456789

    text = json.dumps(changed(setting["export"], marked)).replace("123456789", "9" * 5000)
    refused(setting, text, "not valid JSON")  # more digits than a number may have

    def big(d: Export) -> None:
        d["games"][0]["hands"][0]["hand"]["defender_deadwood"] = 10**30

    refused(setting, changed(setting["export"], big), "impossible")  # the rules say so
    big_seq = changed(setting["export"], lambda d: d["games"][0]["hands"][0].update(seq=10**9))
    refused(setting, big_seq, "is more than 1000000")
    big_total = changed(setting["export"], lambda d: d["games"][0].update(totals={"x": 10**20}))
    refused(setting, big_total, "totals must map player ids to numbers")


@pytest.mark.parametrize("when", ["0001-01-01T00:00+14:00", "9999-12-31T23:59-12:00", "1900-01-01"])
def test_dates_out_of_range_are_refused(setting: dict[str, Any], when: str) -> None:
    data = changed(setting["export"], lambda d: d["games"][0].update(created_at=when))
    refused(setting, data, "is not a time")


def test_deep_nesting_given_as_objects_is_refused(setting: dict[str, Any]) -> None:
    deep: Any = []
    for _ in range(5000):
        deep = [deep]
    data = changed(setting["export"], lambda d: d["games"][0]["hands"][0].update(hand=deep))
    refused(setting, data, "can.t be imported")
