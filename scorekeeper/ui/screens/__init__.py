"""The game's screens, one module per screen or part of one: each draws
Flet controls from its flet-free state in :mod:`scorekeeper.ui.state`.

Home, the new-game form, the sheet (its lines, its Undo, the game-over
card and its sharing buttons), the hand form over it, the table view, and
the LAN table's code screen and "Invite a device".  The app
(:mod:`scorekeeper.ui.app`) routes to them; the review screens are in
:mod:`scorekeeper.ui.review`.
"""
