"""Every message the app can show is translated in all four catalogs, correctly,
as Babel reads them (its extractor over the sources, its reader and checkers
over the catalogs, its CLDR data for the plural rules)."""

from __future__ import annotations

import gettext
import re
from string import Formatter

import pytest
from babel import Locale
from babel.messages.plurals import get_plural

from scorekeeper.engine import CardError, Hand, RuleError, Rules, parse_cards, score_hand
from scorekeeper.i18n import LANGUAGES, Translator
from scorekeeper.i18n.extract import KEYWORDS as EXTRACTED

from .sources import (
    KEYWORDS,
    PACKAGE,
    app_messages,
    catalog,
    messages_in,
    msgid,
    strings,
    untranslatable,
)

TRANSLATED = ["lv", "fi", "uk"]


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in Formatter().parse(text) if field is not None}


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_catalog_has_every_message_of_the_app_translated(code: str) -> None:
    c = catalog(code)
    missing = [m for m in app_messages() if c.get(m) is None]
    assert not missing, f"{code}: not in the catalog (run python -m scorekeeper.i18n.extract)"
    untranslated = [
        m for m in app_messages() if c[m].fuzzy or not all(strings(c[m])) or not strings(c[m])
    ]
    assert not untranslated, f"{code}: {len(untranslated)} untranslated, e.g. {untranslated[:3]}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_no_translation_keeps_the_english_v(code: str) -> None:
    """The "v" of "Ann v Bob" is English: a Finnish partnership sheet read
    "Jako 1: Ann v Bob · Cy v Di" (Latvian says "pret", Ukrainian "проти",
    Finnish "–"); no word of these languages is a lone "v"."""
    c = catalog(code)
    kept = [
        m
        for m in app_messages()
        if " v " in msgid(c[m]) and any(re.search(r"(?<!\w)v(?!\w)", s) for s in strings(c[m]))
    ]
    assert not kept, (code, kept)


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_each_message_is_as_the_app_asks_for_it(code: str) -> None:
    # a message the app asks for as a plural is a plural in the catalog, and back
    c = catalog(code)
    wrong = [m for m, plural in app_messages().items() if c[m].pluralizable != (plural is not None)]
    assert not wrong, (code, wrong[:3])


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_babels_checkers_pass_every_message(code: str) -> None:
    # the number of plural forms (the header's), and %-placeholders
    used = set(app_messages())
    problems = [(msgid(m), [str(e) for e in errors]) for m, errors in catalog(code).check()]
    assert not [p for p in problems if p[0] in used], (code, problems[:3])


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_translations_keep_the_placeholders(code: str) -> None:
    lost, extra = [], []
    for m in catalog(code):
        if not m.id or msgid(m) not in app_messages():
            continue
        ids = m.id if isinstance(m.id, (list, tuple)) else [m.id]
        expected = set().union(*(placeholders(i) for i in ids))
        for s in filter(None, strings(m)):
            if not placeholders(s) <= expected:
                extra.append((msgid(m), s))  # would fail to format
            if not m.pluralizable and placeholders(s) != expected:
                lost.append((msgid(m), s))  # a value the player would not see
    assert not extra, (code, extra[:3])
    assert not lost, (code, lost[:3])


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_plural_forms_are_cldrs(code: str) -> None:
    """The catalog's rule has CLDR's number of forms (Babel's gettext rule for
    the language), each one used, and "one" is CLDR's "one" wherever CLDR says so."""
    c = catalog(code)
    assert c.num_plurals == get_plural(code).num_plurals
    form = gettext.c2py(c.plural_expr)
    cldr = Locale(code).plural_form
    ones = {form(n) for n in range(1000) if cldr(n) == "one"}
    assert ones == {form(1)}, code
    assert {form(n) for n in range(1000)} == set(range(c.num_plurals)), code


def test_ukrainian_plural_forms_are_cldrs_one_few_many() -> None:
    form = gettext.c2py(catalog("uk").plural_expr)
    index = {"one": 0, "few": 1, "many": 2}
    cldr = Locale("uk").plural_form
    assert all(form(n) == index[cldr(n)] for n in range(1000))


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_app_reads_what_babel_reads(code: str) -> None:
    # every translated message, as the Translator shows it, is Babel's reading of the catalog
    t = Translator(code)
    for m in catalog(code):
        if not m.id or m.fuzzy or not all(strings(m)):
            continue
        if m.pluralizable:
            form = gettext.c2py(catalog(code).plural_expr)
            for n in (0, 1, 2, 5, 11, 21, 22):
                assert t.ngettext(m.id[0], m.id[1], n) == strings(m)[form(n)], (m.id, n)
        else:
            assert t.gettext(msgid(m)) == m.string, m.id


def test_no_message_is_built_at_run_time() -> None:
    # an f-string, a concatenation or .format() given to gettext/Msg/RuleError
    # cannot be in a catalog: it would show in English in every language
    bad = []
    for path in sorted(PACKAGE.rglob("*.py")):
        bad += untranslatable(path.read_text(encoding="utf-8"), str(path.relative_to(PACKAGE)))
    assert not bad, f"messages Babel cannot extract as written: {bad}"


def test_the_check_finds_messages_built_at_run_time() -> None:
    src = (
        'CardError(f"{x!r} is not a list of cards", repr(x))\n'
        't.gettext("Deleted " + title)\n'
        't.gettext("{n} games".format(n=n))\n'
        'RuleError("{cards} is not a meld (ace low)" if low else "{cards} is not a meld")\n'
        't.ngettext("{n} hand", f"{n} hands", n)\n'
        't.gettext("Save") + " " + t.gettext("{n} hands").format(n=2)\n'  # fine
        't.gettext(label); N_("gin bonus"); Msg(f"plain")\n'  # fine too
    )
    assert untranslatable(src) == [f"<source>:{n}" for n in (1, 2, 3, 4, 5)]


def test_the_extractor_and_the_tests_look_for_the_same_calls() -> None:
    assert EXTRACTED == KEYWORDS


def test_babel_finds_messages_in_calls() -> None:
    src = 'RuleError("a {x}", x=1); t.gettext("Save"); N_("gin bonus"); Msg.plural("a", "b", n)'
    assert messages_in(src) == ["a {x}", "Save", "gin bonus", ("a", "b")]


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_an_empty_text_stays_empty(code: str) -> None:
    # gettext's own answer for "" is the catalog's header
    t = Translator(code)
    assert t.render("") == "" and t.gettext("") == ""


def test_plural_forms_follow_each_language() -> None:
    # Latvian and Ukrainian have three forms, English and Finnish two
    singular, plural = next((m, p) for m, p in app_messages().items() if p is not None)
    for code in LANGUAGES:
        t = Translator(code)
        forms = {t.ngettext(singular, plural, n) for n in (0, 1, 2, 5, 11, 21, 22)}
        assert len(forms) == get_plural(code).num_plurals, code


def test_engine_refusals_render_in_every_language() -> None:
    with pytest.raises(RuleError) as caught:
        score_hand(Hand.knock("Bob", 12, 30, upcard="7C"), Rules(oklahoma=True))
    english = Translator("en").render(caught.value)
    assert english == "Bob can't knock with 12: the limit this hand is 7 (upcard 7♣)"
    for code in TRANSLATED:
        text = Translator(code).render(caught.value)
        assert text != english and "Bob" in text and "12" in text and "7♣" in text, code


def test_a_list_of_cards_that_is_not_one_is_refused_in_the_players_language() -> None:
    with pytest.raises(CardError) as caught:
        parse_cards(5)  # type: ignore[arg-type]
    assert str(caught.value) == "5 is not a list of cards"
    assert Translator("lv").render(caught.value) == "5 nav kāršu saraksts"
    assert Translator("fi").render(caught.value) == "5 ei ole korttiluettelo"
    assert Translator("uk").render(caught.value) == "5 — не список карт"
