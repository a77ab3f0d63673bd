"""One rule for ids and names (issue #15): whatever an import accepts, the
store reads back unchanged at the next open, and quarantines nothing.

An id ending in a newline once passed the import's check (a ``$`` match) and
was refused by the schema at the next open: the game was moved to
``damaged/`` and lost.  Here hypothesis throws every kind of id and name at
an import; either it is refused (and nothing is written), or a fresh open
sees exactly what the import said it added.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import PRESETS, Hand
from scorekeeper.store import StoreError, open_store
from scorekeeper.store.docs import hand_to_doc, rules_to_doc
from scorekeeper.store.errors import Notice
from scorekeeper.store.paths import DAMAGED_DIR, is_valid_id

TIME = "2024-05-01T20:15:00.000000+00:00"

#: Ids near the edge: the right letters with something after, the device
#: names Windows keeps, too long, not ASCII, empty.
ids = st.one_of(
    st.text(alphabet="aZ09_-", min_size=1, max_size=8),
    st.text(alphabet="aZ09_-", min_size=1, max_size=8).map(lambda s: s + "\n"),
    st.text(alphabet="aZ09_-", min_size=1, max_size=8).map(lambda s: "\n" + s),
    st.sampled_from(["CON", "nul", "Com1", "x" * 64, "x" * 65, "", "a b", "é", "a\r", "a\x00"]),
    st.text(max_size=10),
)
names = st.one_of(
    st.text(max_size=45),
    st.sampled_from(["Ann\n", " Ann ", "Ann\u200b", "\u202eAnn", "A" * 40, "A" * 41, "ＡＮＮ"]),
)


def export(player_id: Any, name: Any, game_id: Any, hand_id: Any) -> dict[str, Any]:
    return {
        "format": "gin-scorekeeper-export",
        "version": 1,
        "players": [
            {"id": player_id, "name": name, "hidden": False},
            {"id": "bob", "name": "Bob", "hidden": False},
        ],
        "games": [
            {
                "id": game_id,
                "setup": {
                    "format": "standard",
                    "players": [player_id, "bob"],
                    "first_dealer": player_id,
                    "draw": None,
                },
                "rules": rules_to_doc(PRESETS["seed"]),
                "rules_name": "seed",
                "created_at": TIME,
                "updated_at": TIME,
                "finished_at": None,
                "deleted": False,
                "hands": [
                    {
                        "id": hand_id,
                        "seq": 0,
                        "entered_at": TIME,
                        "superseded_at": None,
                        "superseded_reason": None,
                        "replaces": None,
                        "hand": hand_to_doc(Hand.knock("bob", 3, 20)),
                    }
                ],
            }
        ],
    }


#: The notice of players put back from the games (its message id: the
#: English singular; the text says how many and names them).
RESTORED = (
    "{n} player missing from the player list was restored from the games they played: {names}."
)


def told(notices: list[str]) -> list[str]:
    """What the store told, by message id: never the text, which holds
    the players' names (a player may well be called "moved")."""
    return [n.msg.template if isinstance(n, Notice) else n for n in notices]


def seen(folder: Path) -> dict[str, Any]:
    """What a fresh open of ``folder`` reads: players, games, hands, notices."""
    with open_store(folder, durable=False) as store:
        return {
            "notices": list(store.notices),
            "players": sorted((p.id, p.name) for p in store.players()),
            "games": {
                s.id: [(h.by, h.knocker_deadwood) for h in store.game(s.id).hands]
                for s in store.list_games(include_deleted=True)
            },
        }


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(player_id=ids, name=names, game_id=ids, hand_id=ids)
@example(player_id="ann\n", name="Ann", game_id="g1\n", hand_id="h1\n")
@example(player_id="ann", name="Ann", game_id="g1", hand_id="h1")
def test_what_an_import_accepts_opens_again_unchanged(
    player_id: str, name: str, game_id: str, hand_id: str
) -> None:
    data = json.dumps(export(player_id, name, game_id, hand_id))
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "data"
        with open_store(folder, durable=False) as store:
            try:
                report = store.import_json(data)
            except StoreError:
                assert store.list_games(include_deleted=True) == []
                assert store.players() == []
                return
            before = {
                "players": sorted((p.id, p.name) for p in store.players()),
                "games": {
                    s.id: [(h.by, h.knocker_deadwood) for h in store.game(s.id).hands]
                    for s in store.list_games(include_deleted=True)
                },
            }
        assert (report.players_added, report.games_added, report.hands_added) == (2, 1, 1)
        assert all(is_valid_id(i) for i in (player_id, game_id, hand_id))
        after = seen(folder)
        assert after["notices"] == []
        assert not (folder / DAMAGED_DIR).exists() or not any((folder / DAMAGED_DIR).iterdir())
        assert {k: after[k] for k in ("players", "games")} == before
        assert before["games"] == {game_id: [("bob", 3)]}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=names)
def test_a_player_restored_from_the_games_fits_the_player_list(name: str) -> None:
    """players.json lost: the players come back from the names the games
    recorded, as names the app allows (whatever the index held), and the
    next open finds nothing to repair."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "data"
        with open_store(folder, durable=False) as store:
            ann, bob = store.add_player("Ann"), store.add_player("Bob")
            gid = store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
            store.record_hand(gid, Hand.knock(ann.id, 3, 20))
        # The game's file recorded another name for Ann (an older version, an edit by hand).
        game_file = folder / "games" / f"{gid}.json"
        doc = json.loads(game_file.read_text())
        doc["game"]["1"]["summary"]["names"][ann.id] = name
        game_file.write_text(json.dumps(doc))
        for p in folder.glob("players.json*"):
            p.unlink()
        for p in (folder / "index").glob("*"):
            p.unlink()
        with open_store(folder, durable=False) as store:
            restored = {p.id: p.name for p in store.players()}
            assert set(restored) == {ann.id, bob.id}
            # the players put back, and nothing else told: no file damaged, none moved aside
            assert told(store.notices) == [RESTORED], store.notices
        assert not (folder / DAMAGED_DIR).exists() or not any((folder / DAMAGED_DIR).iterdir())
        again = seen(folder)
        assert again["notices"] == []
        assert dict(again["players"]) == restored
