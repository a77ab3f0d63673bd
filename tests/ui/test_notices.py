"""What the store told at open (a repair) shows on the home screen in the session's language."""

from __future__ import annotations

from pathlib import Path

from scorekeeper.engine import Hand
from scorekeeper.i18n import Translator
from scorekeeper.store import open_store
from scorekeeper.store.errors import Notice
from scorekeeper.ui.state.model import AppModel


def _damaged_game(data_dir: Path) -> str:
    """A game whose file is emptied (by a bad card, say) after two saves: its backup is good."""
    with open_store(data_dir, durable=False) as store:
        ann, bob = store.add_player("Ann"), store.add_player("Bob")
        gid = store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
        store.record_hand(gid, Hand.knock(ann.id, 3, 25))
    (data_dir / "games" / f"{gid}.json").write_bytes(b"")
    return gid


def test_a_restored_game_file_is_told_on_the_home_screen_in_latvian(tmp_path: Path) -> None:
    gid = _damaged_game(tmp_path / "data")
    with open_store(tmp_path / "data", durable=False) as store:
        [notice] = store.notices
        app = AppModel(store, t=Translator("lv"))
        assert app.screen == "home"
        [text] = app.notices
        # English where the store keeps it (logs, the command line) ...
        assert notice.startswith(f"games/{gid}.json was damaged (the file is empty); it was moved")
        # ... and Latvian on the screen, every part of it (the whole sentence:
        # where the file went and when the backup was made are the store's
        # values, not to be searched for words)
        assert isinstance(notice, Notice)
        moved_to, when = notice.msg.params["path"], notice.msg.params["when"]
        assert text == (
            f"games/{gid}.json bija bojāts (fails ir tukšs); tas tika pārvietots uz {moved_to}; "
            f"atjaunota rezerves kopija no {when} ({gid}.json.bak1)."
        )
        # the game itself is back, as the backup had it
        assert store.game(gid).standings.totals
        # a language switch draws the same notice again in the new language
        app.t = Translator("uk")
        assert app.notices[0].startswith(f"файл games/{gid}.json було пошкоджено (файл порожній)")
        app.dismiss_notices()
        assert app.notices == []


def test_players_restored_from_the_games_are_counted_in_each_language(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with open_store(data, durable=False) as store:
        ann, bob = store.add_player("Ann"), store.add_player("Bob")
        store.create_game("standard", [ann.id, bob.id])
    for p in data.glob("players.json*"):
        p.unlink()
    with open_store(data, durable=False) as store:
        assert store.notices[-1] == (
            "2 players missing from the player list were restored "
            "from the games they played: Ann, Bob."
        )
        lv = AppModel(store, t=Translator("lv"))
        fi = AppModel(store, t=Translator("fi"))
    assert lv.notices[-1] == (
        "2 spēlētāji, kuru nebija spēlētāju sarakstā, ir atjaunoti "
        "no spēlēm, kuras viņi spēlēja: Ann, Bob."
    )
    assert fi.notices[-1].startswith("2 pelaajaa, jotka puuttuivat pelaajaluettelosta")


def test_a_plain_text_notice_is_shown_as_it_is() -> None:
    from .fake_store import FakeStore

    store = FakeStore()
    store.notices.append("something happened")
    assert AppModel(store, t=Translator("lv")).notices == ["something happened"]
