"""Gin Scorekeeper: the score sheet for Gin Rummy played with a real deck."""

__version__ = "0.1.0"
