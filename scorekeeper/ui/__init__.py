"""The Flet app and its plain-Python view models (the only package importing flet)."""
