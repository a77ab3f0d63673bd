"""The app in English, Latvian, Finnish and Ukrainian.

Catalogs are standard gettext ``.po`` files in ``scorekeeper/i18n/locale``,
read and compiled by Babel (:mod:`.catalog`); dates and numbers are written
the language's way by Babel's CLDR data.  A :class:`Translator` is made per
UI session (web mode serves several browsers, each maybe in its own
language), so nothing here is global state.

>>> t = Translator("lv")
>>> t.name
'Latviešu'
>>> from scorekeeper.engine import RuleError
>>> Translator("en").render(RuleError("{name} can't go gin with {k} deadwood", name="Bob", k=4))
"Bob can't go gin with 4 deadwood"
>>> Translator("xx").code  # unknown languages fall back to English
'en'
>>> from datetime import datetime
>>> when = datetime(2026, 3, 7, 18, 5)
>>> [Translator(code).date_time(when) for code in ("lv", "fi")]
['2026. g. 7. marts 18:05', '7.3.2026 18.05']
>>> Translator("uk").date_time(when)  # CLDR's no-break spaces
'7 бер. 2026\\u202fр., 18:05'
>>> Translator("en").date_time(when)
'Mar 7, 2026, 6:05\\u202fPM'
>>> fi = Translator("fi")
>>> Translator("en").decimal(1234.5), fi.decimal(1234.5), fi.percent(0.5)
('1,234.5', '1\\xa0234,5', '50\\xa0%')
>>> Translator("en").money(75, "EUR"), Translator("lv").money(120, "EUR")
('€0.75', '1,20\\xa0€')
>>> Translator("uk").money(5, "UAH"), Translator("en").money(5, "JPY")  # the yen has no cents
('0,05\\xa0₴', '¥5')
>>> [Translator(code).currency for code in LANGUAGES]
['USD', 'EUR', 'EUR', 'UAH']
"""

from __future__ import annotations

import gettext
import io
import locale
import os
from datetime import datetime
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from scorekeeper.engine.errors import Msg

if TYPE_CHECKING:
    from babel import Locale

#: Language codes and their names in their own language.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "lv": "Latviešu",
    "fi": "Suomi",
    "uk": "Українська",
}
DOMAIN = "scorekeeper"
LOCALE_DIR = Path(__file__).parent / "locale"


def po_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def _catalog(code: str) -> gettext.NullTranslations:
    """The language's messages: its ``.po`` read by Babel, else the ``.mo``
    compiled from it (what the phone's build ships), else English."""
    po = po_path(code)
    mo = po.with_suffix(".mo")
    if code == "en":
        return gettext.NullTranslations()
    if po.exists():
        from . import catalog  # Babel's reader: only where a .po is kept

        with po.open("rb") as f:
            return catalog.translations(catalog.compile_mo(catalog.read(f, code)))
    if mo.exists():
        return gettext.GNUTranslations(io.BytesIO(mo.read_bytes()))
    return gettext.NullTranslations()


def system_language() -> str:
    """The supported language closest to the system's, else English.

    Looks at LANGUAGE, LC_ALL, LC_MESSAGES and LANG as gettext does, then at
    the locale module.
    """
    candidates: list[str] = []
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            candidates += value.split(":")
    try:
        loc = locale.getlocale()[0]
    except ValueError:
        loc = None
    if loc:
        candidates.append(loc)
    for c in candidates:
        code = c.split(".")[0].split("_")[0].split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return "en"


class Translator:
    """One language's messages: ``t("Save")``, ``t.ngettext(...)``, ``t.render(msg)``."""

    def __init__(self, code: str | None = None) -> None:
        code = (code or system_language()).lower()
        self.code = code if code in LANGUAGES else "en"
        self.name = LANGUAGES[self.code]
        self._t = _catalog(self.code)

    def gettext(self, message: str) -> str:
        if not message:  # gettext's "" is the catalog's header, never a message
            return ""
        return self._t.gettext(message)

    __call__ = gettext

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._t.ngettext(singular, plural, n)

    def render(self, message: Msg | Exception | str) -> str:
        """A message in this language: a template, a refusal carrying one (the
        engine's ``RuleError``, the store's ``StoreError``), or any text marked
        for translation."""
        if isinstance(message, Msg):
            return message.render(self)
        msg = getattr(message, "msg", None)
        if isinstance(msg, Msg):
            return msg.render(self)
        return self.gettext(str(message))

    @cached_property
    def locale(self) -> Locale:
        """Babel's CLDR data of the language, for its dates and numbers
        (Babel is imported when first needed, not for a screen of words)."""
        from babel import Locale

        return Locale(self.code)

    def date_time(self, moment: datetime, *, seconds: bool = False) -> str:
        """A moment as the language writes it: the date with the month in
        short words and the time to the minute (``seconds``: to the second;
        CLDR's own patterns)."""
        from babel import dates

        date = dates.format_skeleton("yMMMd", moment, locale=self.locale)
        time = dates.format_time(moment, "medium" if seconds else "short", locale=self.locale)
        joined = str(dates.get_datetime_format("medium", locale=self.locale))
        return joined.replace("'", "").replace("{0}", time).replace("{1}", date)

    def decimal(self, value: float, digits: int = 1) -> str:
        """A number with ``digits`` decimals and the language's separators."""
        from babel import numbers

        pattern = "#,##0." + "0" * digits if digits > 0 else "#,##0"
        return numbers.format_decimal(value, pattern, locale=self.locale)

    def percent(self, value: float) -> str:
        """A share (0.56) as a whole percentage: "56%" (fi "56 %")."""
        from babel import numbers

        return numbers.format_percent(value, locale=self.locale)

    def money(self, amount: int, currency: str) -> str:
        """An amount in the currency's smallest unit (cents for EUR), written
        the language's way with the currency's sign: 75 EUR is "€0.75", lv
        "0,75 €" (never through a float: 0.1 + 0.2 is not 0.3)."""
        from decimal import Decimal

        from babel import numbers

        digits = numbers.get_currency_precision(currency)
        return numbers.format_currency(
            Decimal(amount).scaleb(-digits), currency, locale=self.locale
        )

    @cached_property
    def currency(self) -> str:
        """The currency of the language's own country, as CLDR has it (the
        language's likely territory): USD for en, EUR for lv and fi, UAH for uk."""
        from babel import core, numbers

        # the subtags only: no locale data is read (the phone keeps just these four)
        likely = core.get_global("likely_subtags").get(self.code, self.code)
        territory = core.parse_locale(likely)[1]
        found = numbers.get_territory_currencies(territory) if territory else []
        return found[0] if found else "EUR"
