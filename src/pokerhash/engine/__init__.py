"""Whole hands of every game of RULES.md: variants as data, one engine, a table, hand histories."""
