"""What the store tells (repairs at open, import remarks, ``check`` problems) is
English text that keeps a translatable template, rendered per language."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

from scorekeeper.engine import Hand
from scorekeeper.i18n import Translator
from scorekeeper.store import ImportReport, open_store
from scorekeeper.store.errors import Notice

from .sources import messages_in


def _game(data_dir: Path) -> tuple[str, str]:
    with open_store(data_dir, durable=False) as store:
        ann, bob = store.add_player("Ann"), store.add_player("Bob")
        gid = store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
        store.record_hand(gid, Hand.knock(ann.id, 1, 9))
    return gid, ann.id


def test_a_check_problem_renders_in_latvian(tmp_path: Path) -> None:
    gid, ann = _game(tmp_path / "data")
    path = tmp_path / "data" / "games" / f"{gid}.json"
    data = json.loads(path.read_bytes())
    data["game"]["1"]["summary"]["totals"][ann] = 99
    day = data["game"]["1"]["created_at"][:10]
    path.write_text(json.dumps(data))
    with open_store(tmp_path / "data", durable=False) as store:
        [problem] = [p for p in store.check() if "stored totals" in p]
    fresh = {ann: 8, next(k for k in data["game"]["1"]["setup"]["players"] if k != ann): 0}
    stored = dict(fresh, **{ann: 99})
    assert problem == (
        f"games/{gid}.json (Ann v Bob, {day}): stored totals {stored!r} "
        f"but the hands replay to {fresh!r}"
    )
    assert Translator("lv").render(problem) == (
        f"games/{gid}.json (Ann pret Bob, {day}): saglabātais lauks “kopsummas” ir {stored!r}, "
        f"bet, pārrēķinot partijas, sanāk {fresh!r}"
    )


def test_a_check_problem_from_a_damaged_file_is_translated_all_through(tmp_path: Path) -> None:
    gid, _ = _game(tmp_path / "data")
    with open_store(tmp_path / "data", durable=False) as store:
        for bak in (tmp_path / "data" / "games").glob("*.bak*"):
            bak.unlink()
        (tmp_path / "data" / "games" / f"{gid}.json").write_text('{"game": {}}')
        problems = store.check()
    # the repair made while checking is reported first, then what it left
    assert problems[0].startswith(
        f"games/{gid}.json was damaged (it has no game record); it was moved to "
    )
    assert problems[0].endswith("; no readable backup was found, so it starts empty.")
    assert problems[1:] == [
        f"games/{gid}.json: holds no game",
        f"the index lists a game with no file: {gid}",
    ]
    fi = Translator("fi").render(problems[0])
    assert fi.startswith(f"games/{gid}.json oli vioittunut (siinä ei ole pelin tietuetta); ")
    assert fi.endswith("; luettavaa varmuuskopiota ei löytynyt, joten se aloitetaan tyhjänä.")
    assert [Translator("lv").render(p) for p in problems[1:]] == [
        f"games/{gid}.json: nesatur spēli",
        f"indeksā ir spēle bez faila: {gid}",
    ]


def test_import_remarks_render_in_the_review_language(tmp_path: Path) -> None:
    from scorekeeper.ui.review import ReviewModel

    _game(tmp_path / "phone")
    with open_store(tmp_path / "phone", durable=False) as phone:
        data = json.dumps(phone.export_json()).encode()
    with open_store(tmp_path / "desktop", durable=False) as desktop:
        desktop.add_player("ann")
        review = ReviewModel(desktop, t=Translator("lv"), data_dir=tmp_path / "desktop")
        report = review.act(review.data.import_bytes, data)
    assert report.messages == ["Ann in the import is taken to be ann here (same name)."]
    assert review.error is None
    assert review.note == (
        "Pievienots: 1 spēlētājs, 1 spēle un 1 partija.\n"
        "Ann no importa tiek uzskatīts par šeit esošo spēlētāju ann (tāds pats vārds)."
    )


def test_import_summary_counts_take_latvian_and_ukrainian_plural_forms() -> None:
    from scorekeeper.ui.review.model import import_summary

    report = ImportReport(players_added=21, games_added=3, games_skipped=5, hands_added=0)
    assert import_summary(Translator("lv"), report) == (
        "Pievienots: 21 spēlētājs, 3 spēles un 0 partiju. 5 spēles jau bija šeit."
    )
    assert import_summary(Translator("uk"), report) == (
        "Додано: 21 гравець, 3 гри та 0 роздач. 5 ігор вже було тут."
    )
    report = ImportReport(players_added=2, games_added=11, games_skipped=1, hands_added=22)
    assert import_summary(Translator("uk"), report) == (
        "Додано: 2 гравці, 11 ігор та 22 роздачі. 1 гра вже була тут."
    )
    assert import_summary(Translator("lv"), report) == (
        "Pievienots: 2 spēlētāji, 11 spēles un 22 partijas. 1 spēle jau bija šeit."
    )


def test_a_notice_is_its_english_text_and_survives_a_pickle() -> None:
    n = Notice("{file}: holds no game", file="games/x.json")
    assert n == "games/x.json: holds no game" and isinstance(n, str)
    again = pickle.loads(pickle.dumps(n))
    assert again == n and again.msg == n.msg
    assert Translator("uk").render(again) == "games/x.json: не містить гри"


def test_the_extractor_finds_notices_and_data_problems() -> None:
    src = 'Notice("{file} was missing", file=f); DataProblem("the file is empty")'
    assert messages_in(src) == ["{file} was missing", "the file is empty"]
