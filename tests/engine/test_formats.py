"""The format registry: one spec per format, the one place a format's
traits are written down, and no format spelled by name outside it."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path
from typing import get_args

import pytest

from scorekeeper.engine import FORMATS, Format, FormatSpec, Game, Hand, RuleError, format_spec
from scorekeeper.engine.formats import FORMAT_OPTIONS
from scorekeeper.i18n import Translator
from scorekeeper.store.schemas import FormatName

ROOT = Path(__file__).resolve().parents[2] / "scorekeeper"
NAMES = {f.value for f in Format}


def test_every_format_has_exactly_one_spec() -> None:
    assert list(FORMATS) == list(Format)
    for fmt, s in FORMATS.items():
        assert isinstance(s, FormatSpec)
        assert s.format is fmt
        assert fmt.spec is s
        assert format_spec(fmt) is s is format_spec(fmt.value)
        assert fmt.player_count == s.player_count
        assert s.options <= FORMAT_OPTIONS


def test_the_specs_say_what_the_rules_say() -> None:
    # RULES: Hollywood scores three games at once; three-hand has a box, a
    # captain and a sitter (three players, the box deals: no dealer option).
    standard, hollywood, three, partners = (FORMATS[f] for f in Format)
    assert (standard.player_count, standard.columns, standard.roles) == (2, 1, False)
    assert (hollywood.player_count, hollywood.columns, hollywood.roles) == (2, 3, False)
    assert (three.player_count, three.columns, three.roles) == (3, 1, True)
    assert hollywood.series and not standard.series and not three.series
    assert [s.applies("dealer") for s in (standard, hollywood, three)] == [True, True, False]
    assert [s.applies("third_game_double") for s in (standard, hollywood, three)] == [
        False,
        True,
        False,
    ]
    assert all(s.applies("target") for s in FORMATS.values())  # not format-bound
    # RULES §11: four players in two sides, one score a side, to 125; the
    # two tables deal by themselves (no dealer option).
    assert (partners.player_count, partners.columns, partners.roles) == (4, 1, False)
    assert partners.sides and not any(s.sides for s in (standard, hollywood, three))
    assert (partners.target, standard.target) == (125, None)
    assert not partners.applies("dealer") and not partners.series


def test_the_spec_agrees_with_the_engine() -> None:
    """The spec's traits are those a replay gives a game of the format."""
    for fmt, s in FORMATS.items():
        players = ["a", "b", "c", "d"][: s.player_count]
        draw = ["KS", "7H", "2C"] if s.roles else None
        game = Game(fmt, players, draw=draw, first_dealer=None if s.roles else "a")
        roles = game.standings.roles
        st = game.record(Hand.knock(roles.captain if roles else "a", 2, 12)).standings
        assert len(st.players) == s.player_count
        assert (st.sides is not None) == s.sides
        assert len(st.scorers) == (2 if s.sides else s.player_count)
        assert len(st.columns) == s.columns
        assert (st.roles is not None) == s.roles


def test_labels_are_translated() -> None:
    lv = Translator("lv")
    for s in FORMATS.values():
        assert lv.gettext(s.label) != s.label
        assert lv.gettext(s.title) != s.title


def test_an_unknown_name_is_a_rule_error() -> None:
    with pytest.raises(RuleError, match="unknown format 'rummy'"):
        format_spec("rummy")


def test_the_stored_names_are_the_registry_names() -> None:
    assert set(get_args(FormatName)) == NAMES


def _spelled(path: Path) -> list[str]:
    """Where a file spells a format's name as a string: a literal in the
    code, or in a doctest's line."""
    found = []
    src = path.read_text(encoding="utf-8")
    names = "|".join(map(re.escape, sorted(NAMES)))
    quoted = re.compile(rf"""["'](?:{names})["']""")
    for tok in tokenize.generate_tokens(io.StringIO(src).readline):
        if tok.type != tokenize.STRING:
            continue
        try:
            value = ast.literal_eval(tok.string)
        except ValueError:  # an f-string's part
            value = None
        if value in NAMES:
            found.append(f"{path.name}:{tok.start[0]}: {tok.string}")
        for n, line in enumerate(tok.string.splitlines()):
            if line.lstrip().startswith((">>>", "...")) and quoted.search(line):
                found.append(f"{path.name}:{tok.start[0] + n}: {line.strip()}")
    return found


def test_no_format_is_spelled_outside_the_registry() -> None:
    """Issue #17: the UI and the store read the spec; only the schemas'
    definition of a stored document names the formats."""
    files = [*(ROOT / "ui").rglob("*.py"), *(ROOT / "store").rglob("*.py"), ROOT / "settings.py"]
    assert len(files) > 30
    found = [hit for p in files if p.name != "schemas.py" for hit in _spelled(p)]
    assert found == []


def test_the_check_finds_a_spelled_name(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        'def f(x):\n    """\n    >>> f("hollywood")\n    """\n    return x == "three-hand"\n'
    )
    assert [hit.split(":")[1] for hit in _spelled(bad)] == ["3", "5"]
