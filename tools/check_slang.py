#!/usr/bin/env python3
"""Parse and elaborate SystemVerilog with slang, a strict IEEE 1800 compiler.

Usage: check_slang.py [--define NAME]... [--include DIR]... [--allow CODE]... FILE...

Every diagnostic slang reports (errors and warnings) fails the check,
except those whose code is given with --allow, which are counted and
listed. The DPI-C imports of every package are counted too.

Runs under the PyPI `pyslang` package, installed by `cargo xtask test`.
"""

import argparse
import sys

import pyslang
from pyslang import ast, syntax


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--define", action="append", default=[])
    parser.add_argument("--include", action="append", default=[])
    parser.add_argument("--allow", action="append", default=[])
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()

    options = pyslang.parsing.PreprocessorOptions()
    options.predefines = args.define
    options.additionalIncludePaths = args.include
    bag = pyslang.Bag([options])
    sources = pyslang.SourceManager()
    compilation = ast.Compilation(bag)
    for path in args.files:
        compilation.addSyntaxTree(syntax.SyntaxTree.fromFile(path, sources, bag))
    compilation.getRoot()

    imports = 0
    for package in compilation.getPackages():
        for member in package:
            if member.kind == ast.SymbolKind.Subroutine and member.flags & ast.MethodFlags.DPIImport:
                imports += 1

    engine = pyslang.DiagnosticEngine(sources)
    client = pyslang.TextDiagnosticClient()
    engine.addClient(client)
    allowed = {}
    unexpected = 0
    for diagnostic in compilation.getAllDiagnostics():
        name = str(diagnostic.code).removeprefix("DiagCode(").removesuffix(")")
        if name in args.allow:
            allowed[name] = allowed.get(name, 0) + 1
            continue
        engine.issue(diagnostic)
        unexpected += 1
    if unexpected:
        print(client.getString(), file=sys.stderr)
        print(f"check_slang: {unexpected} unexpected diagnostics", file=sys.stderr)
        sys.exit(1)
    defines = f" with {', '.join(args.define)} defined" if args.define else ""
    print(
        f"check_slang: {len(args.files)} files parsed and elaborated by slang {pyslang.__version__}{defines}: "
        f"{imports} DPI-C imports, no diagnostics"
        + "".join(f"; {n} x {code} (allowed)" for code, n in sorted(allowed.items()))
    )


if __name__ == "__main__":
    main()
