"""The store's errors are translatable templates with values, rendered per language."""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine import Hand
from scorekeeper.engine.errors import Msg
from scorekeeper.i18n import Translator
from scorekeeper.store import StoreError, open_store

STORE = Path(__file__).resolve().parents[2] / "scorekeeper" / "store"


def test_store_errors_carry_a_template_and_their_values(tmp_path: Path) -> None:
    with open_store(tmp_path / "data", durable=False) as store:
        store.add_player("Ann")
        with pytest.raises(StoreError) as caught:
            store.add_player("ann")
    exc = caught.value
    assert str(exc) == "there is already a player called Ann"
    assert exc.msg.template == "there is already a player called {name}"
    assert exc.msg.params == {"name": "Ann"}
    assert Translator("en").render(exc.msg) == str(exc)
    assert Translator("lv").render(exc.msg) == "jau ir spēlētājs ar vārdu Ann"
    assert Translator("fi").render(exc.msg) == "pelaaja nimeltä Ann on jo olemassa"
    assert Translator("uk").render(exc.msg) == "гравець на ім’я Ann уже є"
    # the error itself renders the same way (what the screens pass)
    assert Translator("lv").render(exc) == "jau ir spēlētājs ar vārdu Ann"


def test_the_review_screens_show_a_store_refusal_in_their_language(tmp_path: Path) -> None:
    from scorekeeper.ui.review import ReviewModel

    with open_store(tmp_path / "data", durable=False) as store:
        store.add_player("Ann")
        review = ReviewModel(store, t=Translator("lv"))
        review.act(store.add_player, "ann")
    assert review.error == "jau ir spēlētājs ar vārdu Ann"


@pytest.mark.parametrize(
    ("code", "letters", "expected"),
    [
        ("en", 41, "that name is too long (41 letters, 40 at most)"),
        ("lv", 41, "vārds ir par garu (41 rakstzīme, atļautas ne vairāk kā 40)"),
        ("lv", 45, "vārds ir par garu (45 rakstzīmes, atļautas ne vairāk kā 40)"),
        ("fi", 41, "nimi on liian pitkä (41 merkkiä, enintään 40)"),
        ("uk", 42, "ім’я задовге (42 символи, щонайбільше 40)"),
        ("uk", 45, "ім’я задовге (45 символів, щонайбільше 40)"),
    ],
)
def test_counts_take_each_languages_plural_form(
    tmp_path: Path, code: str, letters: int, expected: str
) -> None:
    with open_store(tmp_path / "data", durable=False) as store, pytest.raises(StoreError) as caught:
        store.add_player("x" * letters)
    assert Translator(code).render(caught.value.msg) == expected


def test_a_refused_merge_names_both_players_and_counts_their_games(tmp_path: Path) -> None:
    with open_store(tmp_path / "data", durable=False) as store:
        ann, bob = store.add_player("Ann"), store.add_player("Bob")
        for _ in range(2):
            store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
        with pytest.raises(StoreError) as caught:
            store.merge_players(ann.id, bob.id)
    msg = caught.value.msg
    assert str(caught.value) == (
        "Ann and Bob played against each other (2 games): they can't be one person"
    )
    assert Translator("uk").render(msg) == (
        "Ann і Bob грали одне проти одного (2 гри): це не може бути одна людина"
    )
    assert (
        Translator("lv")
        .render(msg)
        .startswith("Ann un Bob ir spēlējuši viens pret otru (2 spēles)")
    )


def test_an_import_refusal_is_translated_line_by_line(tmp_path: Path) -> None:
    with open_store(tmp_path / "data", durable=False) as store:
        ann, bob = store.add_player("Ann"), store.add_player("Bob")
        gid = store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
        store.record_hand(gid, Hand.knock(ann.id, 3, 10))
        # a plain copy (JSON, as a file holds it), to spoil as a file could be
        data: dict[str, Any] = json.loads(json.dumps(store.export_json()))
        data["games"][0]["hands"][0]["seq"] = -1  # not a position
        data["players"][1]["hidden"] = "no"  # not true or false
        with pytest.raises(StoreError) as caught:
            store.import_json(json.dumps(data))
    english = str(caught.value)
    assert english == (
        "This file can't be imported (nothing was changed):\n"
        "- player 2 (Bob): hidden must be true or false"
    )
    data["players"][1]["hidden"] = False
    with open_store(tmp_path / "data", durable=False) as store, pytest.raises(StoreError) as caught:
        store.import_json(json.dumps(data))
    day = data["games"][0]["created_at"][:10]
    assert str(caught.value) == (
        "This file can't be imported (nothing was changed):\n"
        f"- game 1 (Ann v Bob, {day}), hand record 1: its position -1 is not a number from 0"
    )
    assert Translator("lv").render(caught.value.msg) == (
        "Šo failu nevar importēt (nekas netika mainīts):\n"
        f"- 1. spēle (Ann pret Bob, {day}), 1. partijas ieraksts: tā pozīcija -1 nav skaitlis no 0"
    )
    finnish = Translator("fi").render(caught.value.msg)
    assert finnish.endswith(
        f"- peli 1 (Ann – Bob, {day}), jaon tietue 1: sen sijainti -1 ei ole luku nollasta alkaen"
    )


def test_a_rule_refusal_inside_a_store_error_is_translated_too() -> None:
    from scorekeeper.store.docs import hand_from_doc, hand_to_doc

    doc = dict(hand_to_doc(Hand.knock("p1", 4, 30)), knocker_deadwood=-1)
    with pytest.raises(StoreError) as caught:
        hand_from_doc(doc)
    assert str(caught.value) == "the knocker's deadwood can't be negative (-1)"
    assert Translator("lv").render(caught.value.msg) == (
        "klauvētāja liekie punkti nevar būt negatīvi (-1)"
    )


def _message_arg_ok(node: ast.expr) -> bool:
    """A template (a constant), a Msg, a rule's msg, or a template handed in."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return True
    if isinstance(node, ast.Call):
        name = (
            node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        )
        return name in {"Msg", "plural", "newer_data_message"}
    if isinstance(node, ast.Attribute):
        return node.attr == "msg"
    return isinstance(node, ast.Name) and node.id == "message"


def test_no_store_error_is_built_from_formatted_text() -> None:
    bad = []
    for path in sorted(STORE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", "") in {"StoreError", "StoreLockedError"}
                and node.args
                and not _message_arg_ok(node.args[0])
            ):
                bad.append(f"{path.name}:{node.lineno}")
    assert not bad, f"StoreError with a message that can't be translated: {bad}"
    assert isinstance(StoreError("x").msg, Msg)
