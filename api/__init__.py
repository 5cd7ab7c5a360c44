"""The GraphQL API: a Strawberry schema served by Starlette (see ``api.app.create_app``)."""

from __future__ import annotations

from api._extractor import TEXT_LIMIT
from api.app import create_app
from api.schema import make_schema, print_schema, schema

__all__ = ["TEXT_LIMIT", "create_app", "make_schema", "print_schema", "schema"]
