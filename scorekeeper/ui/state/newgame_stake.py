"""The new-game form's stake, for a game played for money (RULES §10), as
plain Python (no flet).

The stake is typed as money, a cent a point being "0.01" (the language's own
decimal comma too), and kept whole in the currency's smallest unit.  A
preset sets the scoring, never the stake.  :class:`StakeEntry` is a part of
:class:`~scorekeeper.ui.state.newgame_model.NewGameForm`, which holds the stake
among the rules' values.

>>> from scorekeeper.ui.state.newgame_model import NewGameForm
>>> form = NewGameForm(); form.set_money(True); form.set_currency("EUR")
>>> form.set_stake("0.01"); form.rules().stake, form.stake_preview()
(1, '€0.01 a point: a game won by 100 pays €1.00')
>>> form.set_preset("classic"); form.rules().stake, form.preset_name()
(1, 'classic')
>>> form.set_stake("0.001"); form.field_errors["stake"]
'Stake per point: the smallest amount in EUR is €0.01'
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from scorekeeper.engine import MAX_STAKE, RuleError, Rules
from scorekeeper.engine.errors import N_, Msg
from scorekeeper.i18n import Translator

#: The currencies offered for a stake; the language's own is added (uk: UAH).
CURRENCIES = ("EUR", "USD", "GBP")
STAKE_LABEL = N_("Stake per point")
#: A typed stake longer than this is refused unread (10,000.00 is 9).
MAX_STAKE_TEXT = 16
#: What a typed stake may hold: digits, a decimal point or comma, and the
#: spaces some languages group digits with (no sign, no exponent: "1e3").
_AMOUNT = re.compile(r"[0-9.,\u00a0\u202f ]+")


class StakeEntry:
    """The stake's part of the new-game form: played for money or not, the
    currency, and the stake as typed."""

    values: dict[str, Any]
    money: bool
    stake_text: str | None
    currency_set: bool
    error: str | None
    field_errors: dict[str, str]
    t: Translator

    if TYPE_CHECKING:  # the form's own

        def rules(self) -> Rules: ...

    @property
    def currency(self) -> str:
        return str(self.values["currency"])

    def currencies(self) -> list[str]:
        """The currencies to pick from: :data:`CURRENCIES`, the language's own
        and the one chosen (a game's, say), each once."""
        return list(dict.fromkeys((*CURRENCIES, self.t.currency, self.currency)))

    def currency_label(self, code: str) -> str:
        """A currency's code and, where the language has one, its sign: "EUR €"."""
        from babel import numbers

        sign = numbers.get_currency_symbol(code, locale=self.t.locale)
        return code if sign == code else f"{code} {sign}"

    def set_money(self, on: bool) -> None:
        """Played for money or not; the currency offered first is the language's."""
        self.money = bool(on)
        self.error = None
        if self.money and not self.currency_set:
            self.values["currency"] = self.t.currency
        if not self.money:
            self.field_errors.pop("stake", None)

    def set_currency(self, code: str) -> None:
        if code not in self.currencies():
            raise RuleError("unknown currency {code}", code=repr(code)[:12])
        if self.stake_text is None and self.values["stake"] > 0:
            self.stake_text = self.stake_shown()  # the same amount in the new currency
        self.values["currency"] = code
        self.currency_set = True
        self.error = None
        if self.stake_text is not None:
            self.set_stake(self.stake_text)  # "0.01" has no meaning in yen

    def set_stake(self, text: str) -> None:
        """The stake as typed ("0.01" or "0,01"); a refusal shows beside it and
        the last good stake stays."""
        self.error = None
        self.stake_text = str(text).strip()[: MAX_STAKE_TEXT + 1]
        self.field_errors.pop("stake", None)
        try:
            self.values["stake"] = self._stake(self.stake_text)
        except RuleError as exc:
            self.field_errors["stake"] = self.t.render(exc)

    def stake_shown(self) -> str:
        """The stake field's text: as typed, else the stake in the language's
        numbers ("0.01", lv "0,01"), "" for none."""
        if self.stake_text is not None:
            return self.stake_text
        stake = int(self.values["stake"])
        return self._amount_text(stake) if stake else ""

    def stake_preview(self) -> str:
        """What the stake means: "€0.01 a point: a game won by 100 pays €1.00"."""
        try:
            stake = self.rules().stake
        except RuleError:
            return ""
        if stake == 0:
            return ""
        return self.t.gettext("{stake} a point: a game won by 100 pays {amount}").format(
            stake=self.t.money(stake, self.currency),
            amount=self.t.money(100 * stake, self.currency),
        )

    def stake_example(self) -> str:
        """The currency's smallest unit as a stake is typed: "0.01" (lv "0,01")."""
        return self._amount_text(1)

    def _amount_text(self, minor: int) -> str:
        from decimal import Decimal

        from babel import numbers

        digits = numbers.get_currency_precision(self.currency)
        return numbers.format_decimal(
            Decimal(minor).scaleb(-digits), locale=self.t.locale, group_separator=False
        )

    def _stake_words(self) -> dict[str, object]:
        return {"label": Msg(STAKE_LABEL), "example": self.stake_example()}

    def _stake(self, text: str) -> int:
        """A typed stake in the currency's smallest unit, refused (never
        rounded) if it is not an amount of the currency from its smallest
        unit up to :data:`MAX_STAKE` a point."""
        from babel import numbers

        words = self._stake_words()
        if not text:
            raise RuleError("{label}: enter an amount, e.g. {example}", **words)
        if len(text) > MAX_STAKE_TEXT or not _AMOUNT.fullmatch(text):
            raise RuleError(
                "{label}: enter an amount like {example}, not “{text}”",
                text=text[:MAX_STAKE_TEXT] + ("…" if len(text) > MAX_STAKE_TEXT else ""),
                **words,
            )
        try:
            amount = numbers.parse_decimal(text, locale=self.t.locale, strict=True)
        except numbers.NumberFormatError:
            raise RuleError(
                "{label}: enter an amount like {example}, not “{text}”", text=text, **words
            ) from None
        minor = amount.scaleb(numbers.get_currency_precision(self.currency))
        if minor != minor.to_integral_value():
            raise RuleError(
                "{label}: the smallest amount in {currency} is {smallest}",
                currency=self.currency,
                smallest=self.t.money(1, self.currency),
                label=words["label"],
            )
        if minor <= 0:
            raise RuleError("{label}: enter an amount above 0", label=words["label"])
        if minor > MAX_STAKE:
            raise RuleError(
                "{label}: at most {most} a point",
                most=self.t.money(MAX_STAKE, self.currency),
                label=words["label"],
            )
        return int(minor)
