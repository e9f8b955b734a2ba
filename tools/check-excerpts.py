#!/usr/bin/env python3
"""Checks that code the docs show from a source file is still in that file.

A fenced code block right after a line `<!-- excerpt: PATH -->` (PATH relative to the
repository root) must appear in PATH line for line, each line's leading indentation
aside (an excerpt of methods is shown without the `impl`'s indentation). So a guide can
show an example's heart without the two drifting apart.

Exit 0 when every excerpt is found; 1 with one line per excerpt that is not (file, line,
source); 2 when a file cannot be read. Plain Python, no dependencies.

    python3 tools/check-excerpts.py            # README.md and every page under docs/
    python3 tools/check-excerpts.py FILE...    # the given Markdown files
"""

import glob
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
MARK = re.compile(r"^<!-- excerpt: (\S+) -->$")


def stripped(lines):
    return [line.strip() for line in lines]


def contains(haystack, needle):
    n = len(needle)
    return any(haystack[i:i + n] == needle for i in range(len(haystack) - n + 1))


def check(path):
    """(line, source, why) for each excerpt of `path` not found in its source."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for i, line in enumerate(lines):
        mark = MARK.match(line)
        if not mark:
            continue
        source = mark.group(1)
        if i + 1 >= len(lines) or not lines[i + 1].startswith("```"):
            yield i + 1, source, "no code block right after the marker"
            continue
        try:
            end = next(j for j in range(i + 2, len(lines)) if lines[j].startswith("```"))
        except StopIteration:
            yield i + 1, source, "the code block does not end"
            continue
        try:
            with open(os.path.join(ROOT, source), encoding="utf-8") as f:
                text = f.read().split("\n")
        except OSError as error:
            yield i + 1, source, f"cannot read it: {error.strerror}"
            continue
        if not contains(stripped(text), stripped(lines[i + 2:end])):
            yield i + 1, source, "the code block is not in it (edit one to match the other)"


def main(argv):
    files = argv or [os.path.join(ROOT, "README.md")] + sorted(
        glob.glob(os.path.join(ROOT, "docs", "**", "*.md"), recursive=True))
    failures = 0
    for path in files:
        try:
            found = list(check(path))
        except OSError as error:
            print(f"{path}: cannot read: {error.strerror}", file=sys.stderr)
            return 2
        for number, source, why in found:
            print(f"{path}:{number}: excerpt of {source}: {why}", file=sys.stderr)
            failures += 1
    if failures:
        return 1
    print(f"excerpts: {len(files)} files, every excerpt is in its source")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
