#!/usr/bin/env python3
"""Reports modules of a Rust crate that import each other in a circle.

Reads every .rs file under a crate's src directory and takes, for each module, the
modules its code (comments left out) names through `crate::a::...` and `super::x`
paths. A module using its parent's items through `super::` counts as importing the
parent; a parent declaring its children (`mod x;`) does not count as importing them, so
the ordinary parent/children layout is not a circle, but two siblings that import each
other are, and so is a longer loop. Doc links are comments and do not count.

Exit 0 when there is no circle; 1 with each circle's modules and the edges between
them. Plain Python, no dependencies.

    python3 tools/check-module-cycles.py crates/sliders-search/src [more src dirs...]
"""

import glob
import os
import re
import sys


def module_name(root, path):
    rel = os.path.relpath(path, root)[:-3]
    if rel.endswith("/mod") or rel == "mod":
        rel = rel[: -len("/mod")] if "/" in rel else "lib"
    if rel in ("lib", "main"):
        return "lib"
    return rel.replace("/", "::")


def code_of(path):
    """The file without `//` comments (doc comments included); strings are rare enough
    in `use` paths not to matter."""
    with open(path, encoding="utf-8") as f:
        return "\n".join(line.split("//", 1)[0] for line in f.read().split("\n"))


def edges_of(root):
    files = [p for p in glob.glob(os.path.join(root, "**", "*.rs"), recursive=True)
             if os.path.basename(p) != "build.rs"]
    modules = {module_name(root, p): p for p in files}
    edges = {}
    for name, path in modules.items():
        code = code_of(path)
        found = set()
        for target in re.findall(r"\bcrate::([a-z_][a-z0-9_]*(?:::[a-z_][a-z0-9_]*)*)", code):
            parts = target.split("::")
            # The longest prefix that is a module: `crate::finder::Target` is `finder`.
            for n in range(len(parts), 0, -1):
                candidate = "::".join(parts[:n])
                if candidate in modules:
                    found.add(candidate)
                    break
            else:
                found.add("lib")
        parent = name.rsplit("::", 1)[0] if "::" in name else "lib"
        for item in re.findall(r"\bsuper::([a-z_][a-z0-9_]*)", code):
            sibling = item if parent == "lib" else f"{parent}::{item}"
            found.add(sibling if sibling in modules else parent)
        found.discard(name)
        edges[name] = found
    return edges


def circles(edges):
    """Strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on_stack, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def main(argv):
    if not argv:
        print(__doc__.strip().split("\n\n")[-1], file=sys.stderr)
        return 2
    status = 0
    for root in argv:
        if not os.path.isdir(root):
            print(f"{root}: not a directory", file=sys.stderr)
            return 2
        edges = edges_of(root)
        found = circles(edges)
        for component in found:
            status = 1
            print(f"{root}: modules in a circle: {', '.join(component)}", file=sys.stderr)
            for module in component:
                inside = sorted(d for d in edges[module] if d in component)
                print(f"    {module} -> {', '.join(inside)}", file=sys.stderr)
        if not found:
            print(f"{root}: {len(edges)} modules, no circle")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
