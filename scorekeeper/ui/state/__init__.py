"""The game screens' state as plain Python (no flet here): the app's model
(:class:`~scorekeeper.ui.state.model.AppModel`), the forms and the sheet,
the table and home, and the words they show.

Kept apart from the screens that draw them (:mod:`scorekeeper.ui.screens`)
so they are tested without a Flet client.  Nothing here imports flet or a
screen.
"""
