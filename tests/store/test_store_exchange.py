"""Export / import between devices, and the CSV score sheet."""

from __future__ import annotations

import copy
import csv
import io
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import DECK, PRESETS, Hand, RuleError
from scorekeeper.store import ImportReport, Player, Store, StoreError, open_store
from scorekeeper.store.exchange import EXPORT_FORMAT


def fill(store: Store) -> dict[str, str]:
    """A few games of every kind; returns name -> player id."""
    ann, bob, cy = (store.add_player(n) for n in ("Ann", "Bob", "Cy"))
    g = store.create_game("standard", [ann.id, bob.id], "classic", first_dealer=ann.id)
    store.record_hand(g, Hand.knock(bob.id, 4, 30))
    store.record_hand(g, Hand.from_deadwood(ann.id, "3S 2H", "KD 9C 4H"))
    store.edit_hand(g, 0, Hand.knock(bob.id, 3, 30))
    h = store.create_game("hollywood", [ann.id, cy.id])
    store.record_hand(h, Hand.gin(cy.id, 12))
    store.record_hand(h, Hand.draw())
    store.undo(h)
    t = store.create_game(
        "three-hand", [ann.id, bob.id, cy.id], "oklahoma", draw=["KS", "7H", "2C"]
    )
    store.record_hand(
        t,
        Hand.from_cards(
            bob.id,
            "5S 6S 7S 9C 9D 9H 2C 3C 4C AD",
            "8S 9S KH QH JH 2D 3D 4H 4D TC",
            upcard="8D",
        ),
    )
    return {"Ann": ann.id, "Bob": bob.id, "Cy": cy.id}


def totals(store: Store) -> dict[str, dict[str, int]]:
    return {s.id: dict(s.totals) for s in store.list_games(include_deleted=True)}


def test_round_trip_to_another_device(tmp_path: Path) -> None:
    with open_store(tmp_path / "phone") as phone:
        fill(phone)
        data = phone.export_json()
        expected = totals(phone)
        versions = {s.id: phone.hand_versions(s.id, 0) for s in phone.list_games()}
    text = json.dumps(data)  # it is plain JSON
    with open_store(tmp_path / "desktop") as desktop:
        report = desktop.import_json(text)
        assert report == ImportReport(3, 3, 0, 0, 4, [])
        assert totals(desktop) == expected
        for gid, vs in versions.items():
            assert desktop.hand_versions(gid, 0) == vs  # the audit trail moved too
        assert desktop.check() == []
        again = desktop.import_json(data)
        assert again == ImportReport(0, 0, 0, 3, 0, [])  # nothing twice
        assert desktop.export_json()["games"] == data["games"]


def test_export_format_is_documented_and_versioned(store: Store) -> None:
    fill(store)
    data = store.export_json()
    assert data["format"] == EXPORT_FORMAT and data["version"] == 1
    assert [p["name"] for p in data["players"]] == ["Ann", "Bob", "Cy"]
    game = next(g for g in data["games"] if g["setup"]["format"] == "three-hand")
    assert set(game) >= {"id", "setup", "rules", "rules_name", "created_at", "hands"}
    assert game["setup"]["draw"] == ["KS", "7H", "2C"]
    assert game["rules"] == PRESETS["oklahoma"].to_dict()
    [record] = game["hands"]
    assert record["hand"]["entry"] == "full-hands"
    assert record["hand"]["knocker_cards"][:3] == ["5S", "6S", "7S"]
    assert record["hand"]["upcard"] == "8D"


def test_one_game_exports_only_its_players(store: Store) -> None:
    ids = fill(store)
    gid = store.list_games(player_id=ids["Cy"], format="hollywood")[0].id
    data = store.export_json([gid])
    assert [g["id"] for g in data["games"]] == [gid]
    assert [p["name"] for p in data["players"]] == ["Ann", "Cy"]
    with pytest.raises(StoreError, match="no game"):
        store.export_json(["missing"])


def test_deleted_games_stay_home_unless_asked_for(store: Store) -> None:
    fill(store)
    gid = store.list_games()[0].id
    store.delete_game(gid)
    assert gid not in {g["id"] for g in store.export_json()["games"]}
    [game] = store.export_json([gid])["games"]
    assert game["deleted"] is True


def test_a_shared_series_is_extended_not_duplicated(tmp_path: Path) -> None:
    with open_store(tmp_path / "phone") as phone:
        ids = fill(phone)
        first = phone.export_json()
        gid = phone.list_games(format="standard")[0].id
        ann, bob = ids["Ann"], ids["Bob"]
    with open_store(tmp_path / "desktop") as desktop:
        desktop.import_json(first)
        desktop.record_hand(gid, Hand.knock(ann, 2, 9))  # played on at home
        desktop.record_hand(gid, Hand.knock(bob, 2, 9))
        later = desktop.export_json()
        expected = totals(desktop)
    with open_store(tmp_path / "phone") as phone:
        report = phone.import_json(later)
        assert report.games_updated == 1 and report.hands_added == 2
        assert report.games_added == 0 and report.games_skipped == 2
        assert totals(phone) == expected
        assert phone.check() == []
        # importing the older export now changes nothing: the phone is ahead
        older = phone.import_json(first)
        assert older.games_updated == 0 and older.hands_added == 0
        assert any("more hands here" in m for m in older.messages)


def test_a_series_changed_on_both_devices_is_kept_and_reported(tmp_path: Path) -> None:
    with open_store(tmp_path / "a") as a:
        ids = fill(a)
        data = a.export_json()
        gid = a.list_games(format="standard")[0].id
        a.record_hand(gid, Hand.knock(ids["Ann"], 1, 5))
    with open_store(tmp_path / "b") as b:
        b.import_json(data)
        b.record_hand(gid, Hand.knock(ids["Bob"], 1, 9))
        theirs = b.export_json()
    with open_store(tmp_path / "a") as a:
        before = totals(a)
        report = a.import_json(theirs)
        assert report.games_updated == 0 and report.hands_added == 0
        assert any("changed differently on the two devices" in m for m in report.messages)
        assert totals(a) == before


def test_players_with_the_same_name_are_matched_once_and_for_all(tmp_path: Path) -> None:
    with open_store(tmp_path / "phone") as phone:
        fill(phone)
        data = phone.export_json()
    with open_store(tmp_path / "desktop") as desktop:
        ann_here = desktop.add_player("ann")
        report = desktop.import_json(data)
        assert report.players_added == 2
        assert report.messages == ["Ann in the import is taken to be ann here (same name)."]
        assert [p.name for p in desktop.players()] == ["ann", "Bob", "Cy"]
        assert len(desktop.list_games(player_id=ann_here.id)) == 3
        desktop.rename_player(ann_here.id, "Annie")  # the match is remembered, not the name
        assert desktop.import_json(data) == ImportReport(0, 0, 0, 3, 0, [])
        assert desktop.check() == []


def test_dry_run_changes_nothing(tmp_path: Path) -> None:
    with open_store(tmp_path / "a") as a:
        fill(a)
        data = a.export_json()
    with open_store(tmp_path / "b") as b:
        report = b.import_json(data, dry_run=True)
        assert report.games_added == 3 and report.players_added == 3
        assert b.list_games() == [] and b.players() == []


def broken_exports() -> list[tuple[str, Any, str]]:
    with tempfile.TemporaryDirectory() as folder, open_store(folder, durable=False) as store:
        fill(store)
        good = store.export_json()
    cases: list[tuple[str, Any, str]] = [
        ("not json", "{nope", "not valid JSON"),
        ("empty", b"", "it is empty"),
        ("not an export", {"players": []}, "not a Gin Scorekeeper export"),
        ("newer", dict(good, version=2), "newer version"),
        ("list", [1, 2], "not a Gin Scorekeeper export"),
    ]

    def bad(label: str, message: str, change: Any) -> None:
        data = copy.deepcopy(good)
        change(data)
        cases.append((label, data, message))

    bad("player id", "player 1 has no valid id", lambda d: d["players"][0].update(id="../x"))
    bad("no name", "has no name", lambda d: d["players"][1].update(name=" "))
    bad(
        "unknown player",
        "is not in the export's player list",
        lambda d: d["players"].pop(),
    )
    bad("format", "unknown game format", lambda d: d["games"][0]["setup"].update(format="x"))
    bad("rules", "the rules", lambda d: d["games"][0]["rules"].update(target=-5))
    bad("time", "is not a time", lambda d: d["games"][0].update(created_at="yesterday"))
    bad(
        "card",
        "is not a card",
        lambda d: d["games"][2]["hands"][0]["hand"].update(upcard="ZZ"),
    )
    bad(
        "over the limit",
        "can't knock with 12",
        lambda d: d["games"][0]["hands"][-1]["hand"].update(
            entry="result",
            claim="knock",
            knocker_deadwood=12,
            defender_deadwood=30,
            knocker_cards=[],
            defender_cards=[],
        ),
    )
    bad(
        "sequence",
        "not numbered 0, 1, 2",
        lambda d: d["games"][0]["hands"][-1].update(seq=7),
    )
    bad(
        "twice",
        "appears twice",
        lambda d: d["games"].append(copy.deepcopy(d["games"][0])),
    )
    return cases


@pytest.mark.parametrize(("label", "data", "message"), broken_exports(), ids=lambda v: str(v)[:20])
def test_a_bad_file_changes_nothing(store: Store, label: str, data: Any, message: str) -> None:
    store.add_player("Zed")
    before = (store.players(include_hidden=True), store.list_games(include_deleted=True))
    with pytest.raises(StoreError, match=message):
        store.import_json(data)
    assert (store.players(include_hidden=True), store.list_games(include_deleted=True)) == before


def test_a_bad_game_anywhere_stops_the_whole_import(tmp_path: Path) -> None:
    with open_store(tmp_path / "a") as a:
        fill(a)
        data = a.export_json()
    data["games"][-1]["hands"][0]["hand"]["by"] = "someone-else"
    with open_store(tmp_path / "b") as b:
        with pytest.raises(StoreError) as info:
            b.import_json(data)
        assert "nothing was changed" in str(info.value)
        assert "does not play in this game" in str(info.value)
        assert b.players() == [] and b.list_games() == []


# --- property: export -> import replays to the same totals ---------------------------

CODES = [c.code for c in DECK]

hand_specs = st.one_of(
    st.tuples(st.just("knock"), st.integers(0, 2), st.integers(0, 11), st.integers(0, 60)),
    st.tuples(st.just("gin"), st.integers(0, 2), st.integers(0, 0), st.integers(0, 60)),
    st.tuples(st.just("undercut"), st.integers(0, 2), st.integers(0, 10), st.integers(0, 10)),
    st.tuples(st.just("draw"), st.just(0), st.just(0), st.just(0)),
    st.tuples(st.just("cards"), st.integers(0, 2), st.integers(0, 3), st.integers(0, 6)),
    st.tuples(st.just("undo"), st.just(0), st.just(0), st.just(0)),
    st.tuples(st.just("edit"), st.integers(0, 2), st.integers(0, 5), st.integers(0, 40)),
)
game_specs = st.tuples(
    st.sampled_from(["standard", "hollywood", "three-hand"]),
    st.sampled_from(["seed", "classic", "oklahoma"]),
    st.lists(st.tuples(hand_specs, st.sampled_from(CODES)), min_size=2, max_size=25),
    st.permutations(CODES),
)


def play(store: Store, players: list[Player], spec: Any) -> None:
    fmt, rules, moves, deck = spec
    ids = [p.id for p in players[: 3 if fmt == "three-hand" else 2]]
    draw = deck[:3] if fmt == "three-hand" else None
    try:
        gid = store.create_game(fmt, ids, rules, draw=draw)
    except RuleError:  # a tie in the draw
        return
    for (kind, who, k, d), upcard in moves:
        by = ids[who % len(ids)]
        try:
            if kind == "knock":
                store.record_hand(gid, Hand.knock(by, k, d, upcard=upcard))
            elif kind == "gin":
                store.record_hand(gid, Hand.gin(by, d, upcard=upcard))
            elif kind == "undercut":
                store.record_hand(gid, Hand.undercut(by, k, d, upcard=upcard))
            elif kind == "draw":
                store.record_hand(gid, Hand.draw(upcard=upcard))
            elif kind == "cards":
                rest = [c for c in deck[3:] if c != upcard]
                store.record_hand(
                    gid, Hand.from_deadwood(by, rest[:k], rest[k : k + d], upcard=upcard)
                )
            elif kind == "undo":
                store.undo(gid)
            else:
                n = len(store.game(gid).hands)
                if n:
                    store.edit_hand(gid, k % n, Hand.knock(by, k, d, upcard=upcard))
        except RuleError:
            pass


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(game_specs, min_size=1, max_size=3))
def test_property_export_import_replays_to_the_same_totals(specs: list[Any]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        with open_store(Path(folder) / "a", durable=False) as a:
            players = [a.add_player(n) for n in ("Ann", "Bob", "Cy")]
            for spec in specs:
                play(a, players, spec)
            data = json.loads(json.dumps(a.export_json()))
            expected = totals(a)
            ledgers = {s.id: a.game(s.id).hands for s in a.list_games()}
        with open_store(Path(folder) / "b", durable=False) as b:
            report = b.import_json(data)
            assert report.games_added == len(expected)
            assert totals(b) == expected
            assert {s.id: b.game(s.id).hands for s in b.list_games()} == ledgers
            assert b.import_json(data).games_skipped == len(expected)
            assert totals(b) == expected


# --- CSV ------------------------------------------------------------------------------


def test_csv_score_sheet(store: Store) -> None:
    ids = fill(store)
    std = store.list_games(format="standard")[0].id
    rows = list(csv.reader(io.StringIO(store.export_csv(std))))
    assert rows[0] == [
        "hand",
        "dealer",
        "knocker",
        "result",
        "knocker deadwood",
        "defender deadwood",
        "points",
        "winner",
        "Ann",
        "Bob",
    ]
    assert rows[1] == ["1", "Ann", "Bob", "knock", "3", "30", "27", "Bob", "0", "27"]
    assert rows[2] == ["2", "Bob", "Ann", "knock", "5", "23", "18", "Ann", "18", "27"]
    assert rows[-1][0] == "final"
    holly = store.list_games(format="hollywood")[0].id
    header = next(csv.reader(io.StringIO(store.export_csv(holly))))
    assert header[8:] == [f"{n} game {c}" for c in (1, 2, 3) for n in ("Ann", "Cy")]
    store.rename_player(ids["Bob"], "=HYPERLINK()")
    assert "'=HYPERLINK()" in store.export_csv(std)  # not a formula in a spreadsheet
