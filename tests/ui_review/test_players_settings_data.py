"""Players (rename, hide, merge), settings, export/import and backup from the review model."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.engine import Hand
from scorekeeper.i18n import Translator
from scorekeeper.store import ImportReport, Store, open_store
from scorekeeper.ui.review import (
    ReviewModel,
    Settings,
    import_summary,
    load_settings,
    save_settings,
    settings_path,
)


def totals(store: Store) -> dict[str, tuple[object, ...]]:
    return {
        s.id: (tuple(sorted(s.totals.values())), s.hand_count, s.finished)
        for s in store.list_games(include_deleted=True)
    }


# --- players ---------------------------------------------------------------------------


def test_rename_keeps_every_game(model: ReviewModel, store: Store, ids: dict[str, str]) -> None:
    before = totals(store)
    model.act(model.players.edit, ids["ann"])
    assert model.players.editing == ids["ann"]
    model.act(model.players.rename, ids["ann"], "  Annie  ")
    assert model.error is None and model.note == "Renamed to Annie."
    assert model.players.editing is None
    assert totals(store) == before
    rows = model.history.rows()
    assert rows[-1].title == "Annie v Bob" and rows[-1].status == "Annie won"
    assert model.past_game.view(ids["C"]).columns[0].winner == "Annie"
    model.act(model.history.set_filter_player, ids["ann"])
    assert len(model.history.rows()) == 4


def test_rename_refusal_is_a_message(model: ReviewModel, ids: dict[str, str]) -> None:
    model.act(model.players.rename, ids["ann"], "bob")
    assert model.error == "there is already a player called Bob"
    model.act(model.players.rename, ids["ann"], " ")
    assert model.error == "a player needs a name"


def test_hide_and_show(model: ReviewModel, store: Store, ids: dict[str, str]) -> None:
    model.act(model.players.set_hidden, ids["cy"], True)
    assert model.note == "Cy is hidden from pickers."
    assert "Cy" not in [p.name for p in store.players()]
    assert "Cy" in [p.name for p in model.players.all(include_hidden=True)]
    assert len(model.history.rows()) == 5  # history keeps the games
    model.act(model.players.set_hidden, ids["cy"], False)
    assert "Cy" in [p.name for p in store.players()]


def test_merge_keeps_every_games_totals(
    model: ReviewModel, store: Store, ids: dict[str, str], changes: list[str]
) -> None:
    dup = store.add_player("Cyrus").id
    extra = store.create_game("standard", [ids["ann"], dup], "seed")
    store.record_hand(extra, Hand.gin(dup, 10))
    before = totals(store)
    model.act(model.players.start_merge, dup)
    model.act(model.players.ask_merge, ids["cy"])
    assert model.players.confirm_merge == (ids["cy"], dup)
    model.act(model.players.merge, ids["cy"], dup)
    assert model.error is None, model.error
    assert model.note == "Cyrus and Cy are now one player: Cy."
    assert totals(store) == before
    assert "Cyrus" not in [p.name for p in model.players.all(include_hidden=True)]
    model.act(model.history.set_filter_player, ids["cy"])
    assert len(model.history.rows()) == 3
    assert model.past_game.view(extra).players == ("Ann", "Cy")
    assert changes[-1] == "players"


def test_merge_refused_when_they_met(model: ReviewModel, ids: dict[str, str]) -> None:
    model.act(model.players.merge, ids["ann"], ids["bob"])
    assert model.error is not None and "played against each other" in model.error
    model.act(model.players.ask_merge, ids["ann"])
    assert model.error == "Choose the player to merge first."


# --- settings ---------------------------------------------------------------------------


def test_settings_round_trip(tmp_path: Path) -> None:
    s = Settings(
        preset="oklahoma", format="hollywood", target=250, big_gin=True,
        hollywood_rolling=True, theme="dark", language="fi",
    )  # fmt: skip
    save_settings(tmp_path, s)
    assert load_settings(tmp_path) == s
    assert json.loads(settings_path(tmp_path).read_text())["language"] == "fi"
    assert not list(tmp_path.glob("*.tmp*"))


def test_bad_settings_file_gives_defaults_value_by_value(tmp_path: Path) -> None:
    assert load_settings(tmp_path) == Settings()
    settings_path(tmp_path).write_text("{not json")
    assert load_settings(tmp_path) == Settings()
    settings_path(tmp_path).write_text(
        json.dumps({"theme": "dark", "language": "xx", "target": "lots", "extra": 1})
    )
    assert load_settings(tmp_path) == Settings(theme="dark")
    with pytest.raises(ValueError):
        Settings(theme="purple")


def test_model_saves_settings_and_switches_language(
    model: ReviewModel, store: Store, changes: list[str]
) -> None:
    model.act(model.options.set_theme, "dark")
    assert changes == ["settings", "theme"]
    model.act(model.options.set_language, "lv")
    assert changes[-1] == "language"
    assert model.t.code == "lv"
    assert model.note == Translator("lv").gettext("Saved.")
    model.act(model.options.update_settings_one, "target", 150)
    model.act(model.options.update_settings_one, "target", 0)
    assert model.error is not None
    saved = load_settings(store.data_dir)
    assert (saved.theme, saved.language, saved.target) == ("dark", "lv", 150)
    again = ReviewModel(store)  # a new session starts in the saved language
    assert again.t.code == "lv" and again.settings == saved
    model.act(model.options.set_language, "xx")
    assert model.error is not None and model.settings.language == "lv"
    model.act(model.options.set_language, None)
    assert load_settings(store.data_dir).language is None


def test_backup_now(model: ReviewModel) -> None:
    path = model.act(model.options.backup_now)
    assert path is not None and Path(path).is_file()
    assert model.note == f"Backed up to {path}"


# --- export and import -------------------------------------------------------------------


def test_export_then_import_into_an_empty_folder(model: ReviewModel, tmp_path: Path) -> None:
    path = model.act(model.data.export_all)
    assert model.error is None
    assert path.parent == model.data_dir / "exports" and path.suffix == ".json"
    assert model.note == f"Exported 5 games to {path}"
    assert model.data.export_files() == [path]
    with open_store(tmp_path / "other", durable=False) as other:
        m2 = ReviewModel(other, Translator("en"))
        m2.act(m2.data.set_import_path, f'"{path}"')  # pasted with quotes
        report = m2.act(m2.data.import_file)
        assert m2.error is None, m2.error
        assert isinstance(report, ImportReport)
        assert m2.note == "Added 3 players, 5 games and 25 hands."
        assert [r.score for r in m2.history.rows()] == [r.score for r in model.history.rows()]
        m2.act(m2.data.import_file, str(path))
        assert m2.note == "Nothing new: everything in that file is already here."


def test_import_errors_are_messages(model: ReviewModel, tmp_path: Path) -> None:
    model.act(model.data.import_file, "")
    assert model.error == "Type or paste the path of an export file."
    model.act(model.data.import_file, str(tmp_path / "missing.json"))
    assert model.error is not None and model.error.startswith("The file could not be used")
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    model.act(model.data.import_file, str(bad))
    assert model.error is not None


def test_export_csv_of_one_game(model: ReviewModel, ids: dict[str, str]) -> None:
    path = model.act(model.past_game.export_csv, ids["A"])
    assert path.name.startswith("game-Ann-v-Bob-") and path.suffix == ".csv"
    assert "Ann" in path.read_text()
    assert model.note == f"Saved the score sheet to {path}"


def test_import_summary_words() -> None:
    t = Translator("en")
    assert import_summary(t, ImportReport(1, 1, 0, 0, 1)) == "Added 1 player, 1 game and 1 hand."
    assert import_summary(t, ImportReport(0, 0, 2, 1, 6)) == (
        "Added 0 players, 0 games and 6 hands. 2 games got more hands. 1 game was already here."
    )
    assert import_summary(t, ImportReport()) == (
        "Nothing new: everything in that file is already here."
    )
