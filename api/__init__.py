"""The GraphQL API: a Strawberry schema served by Starlette (see ``api.app.create_app``)."""

from __future__ import annotations

from api.app import create_app
from api.schema import make_schema, print_schema, schema

__all__ = ["create_app", "make_schema", "print_schema", "schema"]
