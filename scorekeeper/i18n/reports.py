"""What the store did, in words of the player's language (flet-free: the
review's screens and the command line both use it).

>>> from scorekeeper.i18n import Translator
>>> from scorekeeper.store import ImportReport
>>> print(import_summary(Translator("en"), ImportReport(1, 2, 0, 3, 17)))
Added 1 player, 2 games and 17 hands. 3 games were already here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.engine.errors import Translations

if TYPE_CHECKING:
    from scorekeeper.store import ImportReport

__all__ = ["import_summary"]


def import_summary(t: Translations, report: ImportReport) -> str:
    """What an import did (or, for a dry run, would do), in words."""
    differ = t.ngettext(
        "{n} game in that file is not the same as the one here: kept as it is here.",
        "{n} games in that file are not the same as the ones here: kept as they are here.",
        report.games_differ,
    ).format(n=report.games_differ)
    settled = t.ngettext(
        "{n} settle-up was added.", "{n} settle-ups were added.", report.settle_ups_added
    ).format(n=report.settle_ups_added)
    if not (report.players_added or report.games_added or report.games_updated):
        if report.settle_ups_added:  # only money paid between games was new
            return settled
        if report.games_differ:
            return t.gettext("Nothing was added.") + " " + differ
        return t.gettext("Nothing new: everything in that file is already here.")
    text = t.gettext("Added {players}, {games} and {hands}.").format(
        players=t.ngettext("{n} player", "{n} players", report.players_added).format(
            n=report.players_added
        ),
        games=t.ngettext("{n} game", "{n} games", report.games_added).format(n=report.games_added),
        hands=t.ngettext("{n} hand", "{n} hands", report.hands_added).format(n=report.hands_added),
    )
    if report.games_updated:
        text += " " + t.ngettext(
            "{n} game got more hands.", "{n} games got more hands.", report.games_updated
        ).format(n=report.games_updated)
    already = report.games_skipped - report.games_differ
    if already:
        text += " " + t.ngettext(
            "{n} game was already here.", "{n} games were already here.", already
        ).format(n=already)
    if report.games_differ:
        text += " " + differ
    if report.settle_ups_added:
        text += " " + settled
    return text
