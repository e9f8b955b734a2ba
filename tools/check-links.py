#!/usr/bin/env python3
"""Checks that every relative Markdown link resolves.

For each file (by default README.md, docs/*.md, docs/journal/*.md and crates/*/README.md, from the
repository root) every inline link and image `[text](target)` whose target is not a URL
must name an existing file or directory, relative to the file that links it; a
`#anchor` must name a heading of its target Markdown file (or of the file itself), as
GitHub spells heading anchors. Links inside code blocks and inline code are not links.

The code's comments cite the docs by path too (`docs/journal/exhaustive-walk.md`): in the
repository's own run, every `docs/....md` path written in a source file under crates/,
tools/, contrib/ and .ci/ must name an existing file (the journal's move left some
stale). `--sources DIR ROOT` checks the files under DIR against ROOT instead.

Exit 0 when all resolve; 1 with one line per broken link (file, line, target, why);
2 when a file given on the command line cannot be read. Plain Python, no dependencies.

    python3 tools/check-links.py                      # the repository's pages and sources
    python3 tools/check-links.py FILE...              # the given files
    python3 tools/check-links.py --sources DIR ROOT   # the docs paths cited under DIR
"""

import glob
import os
import re
import sys

LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^\s*(```|~~~)")
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")


def prose_lines(text):
    """Yields (line number, line) outside fenced code blocks, inline code blanked."""
    fenced = None
    for number, line in enumerate(text.split("\n"), 1):
        match = FENCE.match(line)
        if match:
            if fenced is None:
                fenced = match.group(1)
            elif fenced == match.group(1):
                fenced = None
            continue
        if fenced is None:
            yield number, INLINE_CODE.sub(lambda m: " " * len(m.group(0)), line)


def slug(heading):
    """GitHub's anchor for a heading: lower case, markup and punctuation dropped,
    spaces to hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link keeps its text
    text = text.replace("`", "").lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


def anchors(path, cache={}):
    """The anchors of a Markdown file's headings (repeats get -1, -2, ...)."""
    if path not in cache:
        seen = {}
        found = set()
        with open(path, encoding="utf-8") as f:
            raw = f.read()
        fenced = None
        for line in raw.split("\n"):
            match = FENCE.match(line)
            if match:
                if fenced is None:
                    fenced = match.group(1)
                elif fenced == match.group(1):
                    fenced = None
                continue
            if fenced is not None:
                continue
            heading = HEADING.match(line)
            if heading:
                base = slug(heading.group(2))
                count = seen.get(base, 0)
                seen[base] = count + 1
                found.add(base if count == 0 else f"{base}-{count}")
        cache[path] = found
    return cache[path]


def broken_links(path):
    """(line, target, why) for each link of `path` that does not resolve."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    base = os.path.dirname(path)
    for number, line in prose_lines(text):
        for match in LINK.finditer(line):
            target = match.group(1)
            if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target):
                continue  # http:, https:, mailto: ...
            file_part, _, anchor = target.partition("#")
            resolved = os.path.normpath(os.path.join(base, file_part)) if file_part else path
            if not os.path.exists(resolved):
                yield number, target, f"no such file {resolved}"
                continue
            if anchor:
                if not resolved.endswith(".md") or os.path.isdir(resolved):
                    yield number, target, f"an anchor into {resolved}, which is not a Markdown file"
                elif anchor not in anchors(resolved):
                    yield number, target, f"{resolved} has no heading with anchor #{anchor}"


DOC_PATH = re.compile(r"\bdocs/[A-Za-z0-9_./-]*[A-Za-z0-9_-]\.md\b")
SOURCE_SUFFIXES = (".rs", ".py", ".sh", ".c", ".h", ".toml", ".js", ".html", ".css", ".txt")


def stale_doc_paths(top, root):
    """(file, line, path) for each `docs/....md` path cited in a source file under `top`
    (build output and dependencies skipped) that names no file under `root`."""
    for directory, subdirs, names in os.walk(top):
        subdirs[:] = sorted(d for d in subdirs if d not in ("target", "node_modules", ".git"))
        for name in sorted(names):
            if not (name.endswith(SOURCE_SUFFIXES) or name == "run"):
                continue
            path = os.path.join(directory, name)
            try:
                with open(path, encoding="utf-8") as f:
                    lines = f.read().split("\n")
            except (OSError, UnicodeDecodeError):
                continue
            for number, line in enumerate(lines, 1):
                for match in DOC_PATH.finditer(line):
                    if not os.path.isfile(os.path.join(root, match.group(0))):
                        yield path, number, match.group(0)


def check_sources(tops, root):
    """Prints each stale docs path under `tops`; their number."""
    stale = 0
    for top in tops:
        for path, number, cited in stale_doc_paths(top, root):
            print(f"{path}:{number}: cites {cited}, which does not exist", file=sys.stderr)
            stale += 1
    return stale


def main(argv):
    if argv[:1] == ["--sources"]:
        if len(argv) != 3:
            print("usage: check-links.py --sources DIR ROOT", file=sys.stderr)
            return 2
        return 1 if check_sources([argv[1]], argv[2]) else 0
    stale = 0
    if argv:
        files = argv
    else:
        root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
        os.chdir(root)
        files = ["README.md"] + sorted(glob.glob("docs/*.md")) + sorted(glob.glob("docs/journal/*.md")) + sorted(
            glob.glob("crates/*/README.md"))
        stale = check_sources(["crates", "tools", "contrib", ".ci"], ".")
    failures = stale
    for path in files:
        try:
            found = list(broken_links(path))
        except OSError as error:
            print(f"{path}: cannot read: {error.strerror}", file=sys.stderr)
            return 2
        for number, target, why in found:
            print(f"{path}:{number}: broken link ({target}): {why}", file=sys.stderr)
            failures += 1
    if failures:
        print(f"{failures} broken link(s) in {len(files)} file(s)", file=sys.stderr)
        return 1
    print(f"links: {len(files)} files, all relative links resolve; no source cites a missing doc")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
