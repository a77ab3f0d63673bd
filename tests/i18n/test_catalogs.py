"""Every message the app can show is translated in all four catalogs, correctly."""

from __future__ import annotations

import re

import pytest

from scorekeeper.engine import Hand, RuleError, Rules, score_hand
from scorekeeper.i18n import LANGUAGES, Translator, po_path
from scorekeeper.i18n.catalog import Entry, parse_po
from scorekeeper.i18n.extract import HEADERS, all_messages, messages_in

PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


def entries(code: str) -> dict[str, Entry]:
    return {e.msgid: e for e in parse_po(po_path(code).read_text(encoding="utf-8")) if e.msgid}


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_catalog_has_every_message_of_the_app_translated(code: str) -> None:
    catalog = entries(code)
    missing = [m for m in all_messages() if m not in catalog]
    assert not missing, f"{code}: not in the catalog (run python -m scorekeeper.i18n.extract)"
    untranslated = [m for m in all_messages() if not catalog[m].translated]
    assert not untranslated, f"{code}: {len(untranslated)} untranslated, e.g. {untranslated[:3]}"


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_translations_keep_the_placeholders_and_plural_forms(code: str) -> None:
    nplurals = int(HEADERS[code].split("nplurals=")[1].split(";")[0])
    for e in entries(code).values():
        expected = placeholders(e.msgid) | placeholders(e.msgid_plural or "")
        if e.msgid_plural is not None:
            assert len(e.msgstr) == nplurals, (code, e.msgid)
        for s in e.msgstr:
            assert placeholders(s) <= expected, (code, e.msgid, s)
            if e.msgid_plural is None:
                assert placeholders(s) == expected, (code, e.msgid, s)


@pytest.mark.parametrize("code", ["en", "lv", "fi", "uk"])
def test_an_empty_text_stays_empty(code: str) -> None:
    # gettext's own answer for "" is the catalog's header
    t = Translator(code)
    assert t.render("") == "" and t.gettext("") == ""


def test_plural_forms_follow_each_language() -> None:
    # The catalogs' own plural rules pick the form: Latvian and Ukrainian have
    # three, English and Finnish two (checked on a plural message they all have).
    singular, plural = _plural_message()
    for code in LANGUAGES:
        t = Translator(code)
        forms = {t.ngettext(singular, plural, n) for n in (0, 1, 2, 5, 11, 21, 22)}
        assert len(forms) == int(HEADERS[code].split("nplurals=")[1][0]), code


def _plural_message() -> tuple[str, str]:
    for msgid, plural in all_messages().items():
        if plural is not None:
            return msgid, plural
    raise AssertionError("the app has no plural message")


def test_engine_refusals_render_in_every_language() -> None:
    with pytest.raises(RuleError) as caught:
        score_hand(Hand.knock("Bob", 12, 30, upcard="7C"), Rules(oklahoma=True))
    english = Translator("en").render(caught.value)
    assert english == "Bob can't knock with 12: the limit this hand is 7 (upcard 7♣)"
    for code in ("lv", "fi", "uk"):
        text = Translator(code).render(caught.value)
        assert text != english and "Bob" in text and "12" in text and "7♣" in text, code


def test_the_extractor_finds_messages_in_calls() -> None:
    src = 'RuleError("a {x}" if y else "b", x=1); t.gettext("Save"); N_("gin bonus")'
    assert [m for m, _ in messages_in(src)] == ["a {x}", "b", "Save", "gin bonus"]
