"""Alembic migrations of the cueboard store."""
