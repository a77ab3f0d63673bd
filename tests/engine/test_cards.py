"""RULES §1 and §9: reading cards the way people type or tap them."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine import DECK, CardError, card, cards_value, format_cards, parse_cards


@pytest.mark.parametrize(
    ("text", "code", "shown"),
    [
        ("AS", "AS", "A♠"),
        ("as", "AS", "A♠"),
        ("aS", "AS", "A♠"),
        ("A♠", "AS", "A♠"),
        ("a♠", "AS", "A♠"),
        ("1s", "AS", "A♠"),
        ("TD", "TD", "10♦"),
        ("td", "TD", "10♦"),
        ("10d", "TD", "10♦"),
        ("10D", "TD", "10♦"),
        ("10♦", "TD", "10♦"),
        ("t♦", "TD", "10♦"),
        ("KC", "KC", "K♣"),
        ("k♣", "KC", "K♣"),
        ("qh", "QH", "Q♥"),
        ("Q♥", "QH", "Q♥"),
        ("J♥", "JH", "J♥"),
        ("9c", "9C", "9♣"),
        ("2♦", "2D", "2♦"),
        ("7♤", "7S", "7♠"),
    ],
)
def test_one_card_any_notation_any_case(text: str, code: str, shown: str) -> None:
    c = card(text)
    assert c.code == code and str(c) == shown
    assert parse_cards(text) == (c,)


def test_every_card_round_trips_through_code_and_symbol() -> None:
    assert len(DECK) == 52 and len(set(DECK)) == 52
    for c in DECK:
        assert card(c.code) is c
        assert card(str(c)) is c
        assert card(c.code.lower()) is c
        assert len(c.code) == 2


@pytest.mark.parametrize(
    "text",
    ["AS, TD 10d", "AS,TD,10D", "as td 10♦", "A♠ 10♦ 10d", "AS;  td\n10d", " AS ,TD , 10♦ "],
)
def test_several_cards_comma_or_space_separated(text: str) -> None:
    with pytest.raises(CardError):
        parse_cards(text)  # TD and 10D are the same card: given twice


@pytest.mark.parametrize(
    "text", ["AS, TD 9d", "AS,TD,9D", "as td 9♦", "A♠ 10♦ 9d", "AS;  td\n9d", " AS ,10D , 9♦ "]
)
def test_separators(text: str) -> None:
    assert [c.code for c in parse_cards(text)] == ["AS", "TD", "9D"]
    assert [str(c) for c in parse_cards(text)] == ["A♠", "10♦", "9♦"]


def test_iterables_of_strings_and_cards() -> None:
    assert parse_cards(["kc", DECK[0], "10♥"]) == (card("KC"), card("AS"), card("TH"))
    assert parse_cards([]) == () and parse_cards("") == ()


def test_values_ace_one_faces_ten() -> None:
    assert [card(x).value for x in ("AS", "2H", "9D", "TC", "JS", "QH", "KD")] == [
        1,
        2,
        9,
        10,
        10,
        10,
        10,
    ]
    assert cards_value(parse_cards("AS KD 7H")) == 18


def test_format_cards_sorts_by_suit_then_rank() -> None:
    assert format_cards(parse_cards("KC 2S AS 10♦ 3H")) == "A♠ 2♠ 3♥ 10♦ K♣"


@pytest.mark.parametrize(
    "token", ["ZZ", "11S", "1OS", "0S", "AX", "A", "S", "10", "A♠♠", "AS2", "♠A", "B♥"]
)
def test_unknown_card_refused_with_the_token(token: str) -> None:
    with pytest.raises(CardError) as exc:
        parse_cards(f"KD {token} 2C")
    assert exc.value.token == token
    assert token in str(exc.value)


def test_card_given_twice_token_is_the_repeat_as_typed() -> None:
    with pytest.raises(CardError) as exc:
        parse_cards("10d 2C td")
    assert exc.value.token == "td" and "10♦" in str(exc.value)
    with pytest.raises(CardError) as exc:
        parse_cards(["A♠", "as"])
    assert exc.value.token == "as"


@pytest.mark.parametrize("bad", [None, 5, 3.5, b"AS", [1], [None]])
def test_non_text_input_is_a_card_error(bad: Any) -> None:  # deliberately not text
    with pytest.raises(CardError):
        parse_cards(bad)


@pytest.mark.parametrize("text", ["7C " + "x" * 100_000, "Q" * 100_000, ["AS", "y" * 50_000]])
def test_a_refusal_quotes_a_line_of_what_was_typed_not_all_of_it(text: str | list[str]) -> None:
    """Any web client may send a field 100,000 characters long: the refusal
    names the piece, kept whole on the error, in a message a line long."""
    with pytest.raises(CardError) as exc:
        parse_cards(text)
    assert len(exc.value.token) >= 50_000
    assert len(str(exc.value)) < 60, str(exc.value)
    assert str(exc.value).startswith('"') and "…" in str(exc.value)


@pytest.mark.parametrize(
    ("text", "shown"),
    [("AS \u202eQX", '"\ufffdQX"'), ("7C\x00", '"7C\ufffd"'), (["\u200b"], '"\ufffd"')],
)
def test_a_refusal_quotes_no_control_or_direction_character(
    text: str | list[str], shown: str
) -> None:
    """A NUL, or U+202E that would turn the rest of the message around, is
    quoted as "�": what a client sends cannot change how its refusal reads."""
    with pytest.raises(CardError) as exc:
        parse_cards(text)
    message = str(exc.value)
    assert message.startswith(shown + " is not a card"), message
    assert exc.value.token == (text[0] if isinstance(text, list) else text.split()[-1])
