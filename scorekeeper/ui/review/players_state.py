"""The players screen's state (``review.players``): rename, hide, merge."""

from __future__ import annotations

from scorekeeper.store import Player, StoreError

from .common import Review, ScreenState

__all__ = ["PlayersState"]


class PlayersState(ScreenState):
    """The player being renamed, and a merge under way."""

    def __init__(self, review: Review) -> None:
        super().__init__(review)
        #: The player whose name is being typed (the live redraw waits for it).
        self.editing: str | None = None
        #: The player chosen to merge into another.
        self.merge_from: str | None = None
        #: (keep, drop): the merge awaiting "Yes, merge".
        self.confirm_merge: tuple[str, str] | None = None

    def clear_questions(self) -> None:
        """Forget "Merge? Yes" (a new action starts)."""
        self.confirm_merge = None

    def all(self, include_hidden: bool = False) -> list[Player]:
        return self.store.players(include_hidden=include_hidden)

    def edit(self, player_id: str | None) -> None:
        self.editing = player_id

    def rename(self, player_id: str, name: str) -> None:
        p = self.store.rename_player(player_id, name)
        self.editing = None
        self.review.note = self.t.gettext("Renamed to {name}.").format(name=p.name)
        self.review.changed("players")

    def set_hidden(self, player_id: str, hidden: bool) -> None:
        p = self.store.hide_player(player_id, hidden)
        self.review.note = (
            self.t.gettext("{name} is hidden from pickers.")
            if hidden
            else self.t.gettext("{name} is shown in pickers again.")
        ).format(name=p.name)
        self.review.changed("players")

    def start_merge(self, drop_id: str) -> None:
        self.store.player(drop_id)
        self.merge_from = drop_id
        self.confirm_merge = None

    def cancel_merge(self) -> None:
        self.merge_from = None
        self.confirm_merge = None

    def ask_merge(self, keep_id: str) -> None:
        if self.merge_from is None:
            raise StoreError(self.t.gettext("Choose the player to merge first."))
        self.confirm_merge = (keep_id, self.merge_from)

    def merge(self, keep_id: str, drop_id: str) -> None:
        drop = self.store.player(drop_id)
        keep = self.store.merge_players(keep_id, drop_id)
        self.merge_from = None
        self.confirm_merge = None
        self.review.note = self.t.gettext("{drop} and {keep} are now one player: {keep}.").format(
            drop=drop.name, keep=keep.name
        )
        self.review.changed("players")
