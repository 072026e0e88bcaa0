"""The package's modules import one another without a cycle (import-linter's layers
contract in pyproject.toml checks the arrows between layers; this checks within them)."""

from __future__ import annotations

import grimp


def test_no_module_imports_itself_through_others() -> None:
    graph = grimp.build_graph("ohhell_score")
    cycles = [
        [module, *chain]
        for module in sorted(graph.modules)
        for imported in sorted(graph.find_modules_directly_imported_by(module))
        if (chain := graph.find_shortest_chain(importer=imported, imported=module))
    ]
    assert cycles == []
