"""Gnomeville engine tests."""
