"""What each role may do (:data:`MAY`): the one table the server checks.

Who may do what is decided on the server, at the time of each call, from
what the server itself knows: the session's role (the host link's cookie
makes the host; the join code a player's device) and whether the device is
still let in.  A button hidden on a screen is a courtesy; this is the rule:
a device shut out can do nothing, and a player's device nothing that is
the host's alone, with whatever handler its browser still reaches.  The
store view of a LAN session checks each call
(:class:`~scorekeeper.ui.admitted_store.AdmittedStore`); the screens ask
:func:`require` before an action that does not go through the store (the
folder's shared settings, a path on the host's disk).  No flet here (the
phone build ships this module: there every session is the host's).

>>> may("guest", "record_hand"), may("guest", "delete_game"), may("host", "delete_game")
(True, False, True)
>>> may("guest", "a_method_added_later")  # not in the table: the host's alone
False
"""

from __future__ import annotations

from typing import Any, Literal

from scorekeeper.engine.errors import N_, Msg
from scorekeeper.store import StoreError

__all__ = ["ANYONE", "HOST_ONLY", "MAY", "PLAYER", "Role", "may", "require", "role_of"]

#: Who a session is: the host (the host link's browser, the desktop window,
#: a ``--web`` page on this computer), a player's device (joined with the
#: code), or a screen that watches the table (the watch link: a TV).
Role = Literal["host", "guest", "viewer"]

HOST_ONLY = N_("Only the host can do that.")

HOST: frozenset[Role] = frozenset({"host"})
PLAYER: frozenset[Role] = frozenset({"host", "guest"})
#: Reads: a watching screen too.
ANYONE: frozenset[Role] = frozenset({"host", "guest", "viewer"})

#: The role table: each store member, and each action the screens take
#: without the store, with the roles that may use it.  A watching screen
#: reads the games and nothing more.  A player's device plays: it starts
#: games (adding a new name to the list), enters, edits, undoes and redoes
#: hands, and reads the history and statistics (one game's sheet shared as a
#: file included).  Everything that touches the host's disk or everyone's
#: data is the host's alone: backups and the backup folder, restore, import,
#: export of every game, delete and the bin, the player list (rename, hide,
#: merge), settling up, the folder's shared settings, and the store's own
#: upkeep.  A name missing here (a method added later) is the host's alone
#: until it is put in the table: the table fails closed.
#: tests/ui/test_roles.py checks that every public member of the store is
#: named here.
MAY: dict[str, frozenset[Role]] = {
    # reads: the sheet, the history, the statistics
    "balances": ANYONE,
    "block_games": ANYONE,
    "data_dir": ANYONE,  # read by the server's own code; never shown to a player
    "export_csv": PLAYER,  # one game's sheet, to share it
    "game": ANYONE,
    "game_blocks": ANYONE,
    "game_with_revision": ANYONE,
    "hand_versions": ANYONE,
    "importing": ANYONE,
    "last_change": ANYONE,
    "list_games": ANYONE,
    "locked": ANYONE,
    "notices": ANYONE,
    "on_change": ANYONE,  # this session hears the others' writes
    "page_games": ANYONE,
    "player": ANYONE,
    "players": ANYONE,
    "recent_games": ANYONE,
    "review_records": ANYONE,
    "revision": ANYONE,
    "settle_ups": ANYONE,
    "summary": ANYONE,
    # play: a game and its hands
    "add_player": PLAYER,  # a new name typed in New game
    "create_game": PLAYER,
    "edit_hand": PLAYER,
    "record_deal": PLAYER,
    "record_hand": PLAYER,
    "redo": PLAYER,
    "revert_edit": PLAYER,
    "undo": PLAYER,
    # the host's alone: the host's disk, everyone's data, the store's upkeep
    "backup": HOST,
    "check": HOST,
    "close": HOST,
    "delete_game": HOST,
    "export_json": HOST,  # every game
    "flush": HOST,
    "hide_player": HOST,
    "import_json": HOST,
    "import_json_async": HOST,
    "merge_players": HOST,
    "purge_deleted": HOST,
    "rename_player": HOST,
    "repair": HOST,
    "restore_game": HOST,
    "settle_up": HOST,
    "undo_settle_up": HOST,
    # actions without the store (see require)
    "settings": HOST,  # the folder's settings: new-game defaults, the backup folder
    "host_disk": HOST,  # a path on the host's disk, named, listed or read
}


def may(role: Role, action: str) -> bool:
    """Whether ``role`` may use the store member or action ``action``."""
    return role in MAY.get(action, HOST)


def role_of(store: Any) -> Role:
    """The role of the session that holds ``store`` (a store that is no
    session's view, the desktop window's or a test's, is the host's)."""
    role = getattr(store, "role", "host")
    if role == "guest":
        return "guest"
    return "viewer" if role == "viewer" else "host"


def require(store: Any, action: str) -> None:
    """Refuse ``action`` (see :data:`MAY`) unless the session holding
    ``store`` may take it: called before an action that does not go through
    the store, and before anything is read from or written to the disk."""
    if not may(role_of(store), action):
        raise StoreError(Msg(HOST_ONLY))
