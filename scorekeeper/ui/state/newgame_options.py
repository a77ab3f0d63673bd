"""The options the new-game form offers, with their labels, as plain Python
(no flet): the presets, who deals, the scoring's numbers and switches, the
shutout.

The tables keep the labels as msgids; :class:`OptionLabels`, a part of
:class:`~scorekeeper.ui.state.newgame_model.NewGameForm`, gives them in the form's
language.

>>> from scorekeeper.ui.state.newgame_model import NewGameForm
>>> NewGameForm(t=Translator("lv")).preset_labels()["classic"]
'Klasiskie'
"""

from __future__ import annotations

from scorekeeper.engine import format_spec
from scorekeeper.engine.errors import N_
from scorekeeper.i18n import Translator
from scorekeeper.settings import FORMATS

# The labels below are msgids: the screen shows them through the form's
# translator (:class:`OptionLabels` gives them translated).
#: The presets as players name them (the keys are public API and stay):
#: "Standard" has no end-of-game bonuses, "Classic" adds game, line and shutout.
PRESET_LABELS = {"seed": N_("Standard"), "classic": N_("Classic"), "oklahoma": N_("Oklahoma")}
#: Who deals after a won hand (a draw: the same dealer; three-hand: the box).
DEALER_LABELS = {
    "winner": N_("Winner deals"),
    "loser": N_("Loser deals"),
    "alternate": N_("Deal alternates"),
}
#: Whole-number options: (field, label, shown only when this flag is on).
NUMBER_OPTIONS: tuple[tuple[str, str, str | None], ...] = (
    ("target", N_("Target score"), None),
    ("knock_limit", N_("Knock limit"), None),
    ("gin_bonus", N_("Gin bonus"), None),
    ("undercut_bonus", N_("Undercut bonus"), None),
    ("big_gin_bonus", N_("Big gin bonus"), "big_gin"),
    ("game_bonus", N_("Game bonus"), "classic_bonuses"),
    ("box_bonus", N_("Line bonus (per hand won)"), "classic_bonuses"),
)
#: On/off options: (field, label, shown only when this flag is on).
SWITCH_OPTIONS: tuple[tuple[str, str, str | None], ...] = (
    ("big_gin", N_("Big gin (all 11 cards melded)"), None),
    ("oklahoma", N_("Oklahoma: the upcard sets the knock limit"), None),
    ("oklahoma_ace_gin", N_("Oklahoma: an ace upcard means gin only"), "oklahoma"),
    ("oklahoma_spades_double", N_("Oklahoma: a spade upcard doubles the hand"), "oklahoma"),
    ("classic_bonuses", N_("Classic end-of-game bonuses (game, line, shutout)"), None),
)
SHUTOUT_LABELS = {
    "double-all": N_("Shutout doubles the final score"),
    "double-game-bonus": N_("Shutout doubles the game bonus"),
    "off": N_("No shutout bonus"),
}

#: The options a preset leaves as they are: who deals, and the stake (a
#: stake is what the game is played for, not a house rule of scoring).
NOT_PRESET = ("dealer", "stake", "currency", "third_game_double")


class OptionLabels:
    """The options' labels in the form's language."""

    t: Translator

    def format_labels(self) -> dict[str, str]:
        return {f: self.t.gettext(format_spec(f).label) for f in FORMATS}

    def preset_labels(self) -> dict[str, str]:
        return {key: self.t.gettext(label) for key, label in PRESET_LABELS.items()}

    def dealer_labels(self) -> dict[str, str]:
        return {key: self.t.gettext(label) for key, label in DEALER_LABELS.items()}

    def shutout_labels(self) -> dict[str, str]:
        return {key: self.t.gettext(label) for key, label in SHUTOUT_LABELS.items()}

    def number_options(self) -> list[tuple[str, str, str | None]]:
        """:data:`NUMBER_OPTIONS` with the labels in the form's language."""
        return [(name, self.t.gettext(label), needs) for name, label, needs in NUMBER_OPTIONS]

    def switch_options(self) -> list[tuple[str, str, str | None]]:
        """:data:`SWITCH_OPTIONS` with the labels in the form's language."""
        return [(name, self.t.gettext(label), needs) for name, label, needs in SWITCH_OPTIONS]
