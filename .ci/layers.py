"""The engine's layers, checked: a folder of Sources/ReaderKit may use the types of the folders
below it and of its own, never those above or beside it (ARCHITECTURE.md, "Layers"). It reads
type declarations and whole-word uses of their names, comments left out: a script over the
code, enough to keep the arrows pointing one way. Exits 1 naming each arrow that does not."""
import collections
import os
import re
import sys

ROOT = "Sources/ReaderKit"
# Lower number, lower layer. Files at the top of ReaderKit (ReaderError, ReaderVersion) are
# the floor every layer stands on. Folders of one number are peers and may not use each other.
LAYERS = {".": 0, "Support": 0, "Catalog": 1, "Store": 2, "Fetch": 3, "Registry": 3, "Workers": 3, "Rendering": 3,
          "Remote": 3,
          "Library": 4}
DECLARATION = re.compile(
    r"^\s*(?:(?:public|package|private|fileprivate|internal|final|indirect|nonisolated)\s+)*"
    r"(?:struct|class|enum|actor|protocol|typealias)\s+([A-Z]\w*)", re.M)


def folder_of(path):
    return os.path.relpath(os.path.dirname(path), ROOT).split("/")[0]


def main():
    files = [os.path.join(d, f) for d, _, names in os.walk(ROOT) for f in names if f.endswith(".swift")]
    unknown = sorted({folder_of(p) for p in files} - LAYERS.keys())
    if unknown:
        sys.exit(f"layers: folders without a layer (add them to LAYERS and ARCHITECTURE.md): {', '.join(unknown)}")
    declared = collections.defaultdict(set)
    sources = {}
    for path in files:
        text = open(path).read()
        sources[path] = re.sub(r"//.*", "", text)
        for name in DECLARATION.findall(text):
            declared[name].add(folder_of(path))
    wrong = []
    for path, text in sorted(sources.items()):
        here = folder_of(path)
        for name, folders in declared.items():
            if here in folders:
                continue
            # A use is the bare name; `HTTPClient.Configuration` is another type of that name.
            if not re.search(r"(?<![.\w])" + name + r"\b", text):
                continue
            for there in folders:
                if LAYERS[there] >= LAYERS[here] and there != ".":
                    wrong.append(f"{path}: {here} uses {name} of {there}, which is not below it")
    if wrong:
        print("\n".join(wrong))
        sys.exit(1)
    print(f"layers: {len(files)} files of ReaderKit, every arrow points down")


if __name__ == "__main__":
    main()
