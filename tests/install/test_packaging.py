"""What the wheel ships: every code package, and the data mapped into ``rulespec``."""

from __future__ import annotations

import ast
import tomllib

from conformance.plugin import scenario_of
from tests.support.checkout import CHECKOUT


def test_the_explicit_package_list_is_the_source_trees_packages() -> None:
    config = tomllib.loads((CHECKOUT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    found = {
        ".".join(init.parent.relative_to(CHECKOUT).parts)
        for top in ("rulespec", "conformance", "reference_impl")
        for init in (CHECKOUT / top).rglob("__init__.py")
    }
    assert listed - {"rulespec.spec", "rulespec.features"} == found
    mapping = config["tool"]["setuptools"]["package-dir"]
    assert mapping == {"rulespec.spec": "spec", "rulespec.features": "features"}


def test_the_package_data_globs_cover_every_data_file() -> None:
    config = tomllib.loads((CHECKOUT / "pyproject.toml").read_text(encoding="utf-8"))
    data = config["tool"]["setuptools"]["package-data"]
    for package, folder in (("rulespec.spec", "spec"), ("rulespec.features", "features")):
        suffixes = {pattern.removeprefix("**/*") for pattern in data[package]}
        files = [p for p in (CHECKOUT / folder).rglob("*") if p.is_file()
                 and "regressions" not in p.parts and "__pycache__" not in p.parts]
        missing = [str(p) for p in files if p.suffix not in suffixes]
        assert not missing, f"{package}: not shipped by the globs: {missing[:5]}"


def test_the_plugin_is_one_entry_point_named_like_its_module() -> None:
    """``-p conformance.plugin`` and the entry point must be one plugin, never two."""
    config = tomllib.loads((CHECKOUT / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["project"]["entry-points"]["pytest11"] == {
        "conformance.plugin": "conformance.plugin"
    }


def test_pytest_bdds_scenario_registry_still_maps_tests_to_scenarios() -> None:
    """conformance.plugin.scenario_of reads a private pytest-bdd registry (pinned in
    pyproject.toml): this fails loudly when a pytest-bdd release moves it."""
    from pytest_bdd.scenario import scenario_wrapper_template_registry  # noqa: F401

    from conformance.suite.games import scenario_module

    module = scenario_module("notre_dame")

    tests = [getattr(module, name) for name in dir(module) if name.startswith("test_")]
    assert tests
    for test in tests:
        scenario = scenario_of(test)
        assert scenario is not None, f"{test.__name__}: no scenario found"
        assert scenario.name and str(scenario.feature.rel_filename).endswith(".feature")


def test_every_importlib_submodule_used_is_imported_where_it_is_used() -> None:
    """``import importlib`` does not import ``importlib.util``: a module that uses
    ``importlib.util`` without importing it works only where something else imported it
    first (the editable install's path finder does; a wheel's ``rulespec play`` failed with
    ``module 'importlib' has no attribute 'util'``)."""
    problems = []
    for top in ("rulespec", "conformance", "reference_impl", "scripts"):
        for path in sorted((CHECKOUT / top).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            imported = set()
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    imported |= {alias.name for alias in node.names}
                elif isinstance(node, ast.ImportFrom) and node.module == "importlib":
                    imported |= {f"importlib.{alias.name}" for alias in node.names}
            for node in ast.walk(tree):
                if (
                    isinstance(node, ast.Attribute)
                    and isinstance(node.value, ast.Name)
                    and node.value.id == "importlib"
                    and node.attr in SUBMODULES
                    and f"importlib.{node.attr}" not in imported
                ):
                    where = f"{path.relative_to(CHECKOUT)}:{node.lineno}"
                    problems.append(f"{where}: importlib.{node.attr}")
    assert problems == []


SUBMODULES = {"util", "machinery", "resources", "metadata", "abc"}
