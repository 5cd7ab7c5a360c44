"""One error tree: every public exception the project defines is a ``PapergraphError`` in
``papergraph.errors``, drawn in its docstring, so users catch one root and find every class there."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Iterator

import papergraph.errors
from papergraph.errors import PapergraphError

_PACKAGES = ("api", "graph", "loaders", "papergraph")


def _modules() -> Iterator[str]:
    for package in _PACKAGES:
        yield package
        root = importlib.import_module(package)
        for info in pkgutil.walk_packages(root.__path__, prefix=f"{package}."):
            yield info.name


def _public_exceptions() -> Iterator[type[BaseException]]:
    for name in _modules():
        module = importlib.import_module(name)
        for _, value in inspect.getmembers(module, inspect.isclass):
            defined_here = value.__module__ == module.__name__
            if defined_here and issubclass(value, BaseException) and value.__name__[0] != "_":
                yield value


def test_every_public_exception_is_in_the_one_tree() -> None:
    strays = [
        f"{error.__module__}.{error.__qualname__}"
        for error in _public_exceptions()
        if error.__module__ != "papergraph.errors" or not issubclass(error, PapergraphError)
    ]
    assert strays == []


def test_the_docstring_draws_every_error_with_a_code() -> None:
    drawn = (papergraph.errors.__doc__ or "").split()
    for name in papergraph.errors.__all__:
        error = getattr(papergraph.errors, name)
        assert name in drawn, name
        assert error.code.isupper(), name
