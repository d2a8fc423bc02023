#!/usr/bin/env python3
"""Check abi-core's CIRCT `sim.func.dpi` declarations with CIRCT itself.

Usage: check_circt.py DECLARATIONS.mlir PACKAGE.sv

1. CIRCT parses and verifies the declarations.
2. A module calls every declaration CIRCT can lower to SystemVerilog with
   `sim.func.dpi.call`; CIRCT's own passes (`lower-sim-to-sv`,
   `lower-seq-to-sv`) lower it and `export_verilog` writes it.
3. Each `import "DPI-C"` CIRCT writes is compared, declaration by
   declaration, with the one in abi-core's SystemVerilog package: the same C
   symbol, result, parameter directions, names and types. Every difference
   must be one CIRCT is known to make (listed in KNOWN); anything else fails.

Runs under the PyPI `circt` package (1.162), installed by `cargo xtask test`.
Exit status 1 on the first unexplained difference.
"""

import importlib.metadata
import io
import re
import sys

import circt
from circt import ir, passmanager

# Differences that are CIRCT's, each counted in the report.
KNOWN = {
    "context": "CIRCT marks every import `context`",
    "pure": "CIRCT has no `pure`",
    "unsigned": "CIRCT is signless: `int unsigned` becomes `int` (the same C type width; "
    "abi-core's shims read narrow arguments without relying on the upper bits)",
    "signed": "CIRCT is signless: `bit signed [N-1:0]` becomes `bit [N-1:0]` (the same bits; "
    "only SystemVerilog's arithmetic on them differs)",
    "keyword": "CIRCT does not escape a SystemVerilog keyword used as a function name "
    "(`table` instead of `\\table `), which is invalid SystemVerilog",
    "typedef": "a packed struct typedef is `bit [N-1:0]` of the same width in CIRCT",
    "enum": "an enum typedef is its base type in CIRCT (which has no enums)",
    "sv_name": "abi-core's package imports the C symbol under another SystemVerilog "
    "name (`c = sv`); CIRCT uses the C symbol (`verilogName`) as the name",
    "inout_call": "CIRCT's lowering of a call with `inout` arguments passes the module's input "
    "port as the actual and never assigns the call's result (the declaration is right; the call "
    "is not, in CIRCT 1.162)",
}

DECL = re.compile(r"^\s*sim\.func\.dpi @(\"[^\"]+\"|[\w$]+)\((.*)\)(?: attributes \{verilogName = \"(\w+)\"\})?\s*$")
PORT = re.compile(r"^(in|out|inout|ref|return) %?([\w$.]+) : (.+)$")


def fail(message):
    print(f"check_circt: {message}", file=sys.stderr)
    sys.exit(1)


def declarations(text):
    """(symbol, verilog name, [(direction, name, type)]) per declaration."""
    out = []
    for line in text.splitlines():
        m = DECL.match(line)
        if not m:
            if line.lstrip().startswith("sim.func.dpi"):
                fail(f"cannot read the declaration `{line.strip()}`")
            continue
        symbol = m.group(1).strip('"')
        ports = []
        for port in filter(None, (p.strip() for p in m.group(2).split(","))):
            p = PORT.match(port)
            if not p:
                fail(f"cannot read the port `{port}` of @{symbol}")
            ports.append(p.groups())
        out.append((symbol, m.group(3) or symbol, ports))
    return out


def caller(decls):
    """An `hw.module` that calls each declaration once per clock."""
    inputs, outputs, body, results = ["in %clk : !seq.clock"], [], [], []
    for k, (symbol, _, ports) in enumerate(decls):
        operands, operand_types, result_names, result_types = [], [], [], []
        for j, (direction, _, ty) in enumerate(ports):
            if direction in ("in", "inout"):
                inputs.append(f"in %a{k}_{j} : {ty}")
                operands.append(f"%a{k}_{j}")
                operand_types.append(ty)
            if direction in ("out", "inout", "return"):
                result_names.append(f"%r{k}_{j}")
                result_types.append(ty)
                outputs.append(f"out o{k}_{j} : {ty}")
                results.append((f"%r{k}_{j}", ty))
        lhs = f"{', '.join(result_names)} = " if result_names else ""
        rtype = result_types[0] if len(result_types) == 1 else f"({', '.join(result_types)})"
        body.append(
            f"    {lhs}sim.func.dpi.call @\"{symbol}\"({', '.join(operands)}) clock %clk"
            f" : ({', '.join(operand_types)}) -> {rtype}"
        )
    if results:
        body.append(
            f"    hw.output {', '.join(n for n, _ in results)} : {', '.join(t for _, t in results)}"
        )
    else:
        body.append("    hw.output")
    return (
        f"  hw.module @abi_core_circt_caller({', '.join(inputs + outputs)}) {{\n"
        + "\n".join(body)
        + "\n  }\n"
    )


def circt_imports(verilog):
    """C symbol -> (qualifiers, result, [(direction, type, name)]) from CIRCT's output."""
    text = re.sub(r"//[^\n]*", "", verilog)
    out = {}
    for m in re.finditer(r'import "DPI-C" ((?:\w+ )*?)function (.*?)\s*\(\s*(.*?)\s*\);', text, re.S):
        qualifiers, head, params = m.groups()
        result, name = head.rsplit(None, 1) if " " in head.strip() else ("void", head)
        out[name.strip()] = (qualifiers.split(), result.strip(), sv_params(params))
    return out


def sv_params(text):
    """[(direction, type, name)]; a parameter without a direction or type
    repeats the previous one's, as in `input int a, b`."""
    params, direction, ty = [], None, None
    for part in filter(None, (p.strip() for p in text.split(","))):
        words = part.split()
        if words[0] in ("input", "output", "inout"):
            direction, words = words[0], words[1:]
            ty = " ".join(words[:-1])
        elif len(words) > 1:
            ty = " ".join(words[:-1])
        params.append((direction, re.sub(r"\s+", " ", ty), words[-1]))
    return params


def package_imports(text):
    """C symbol -> (qualifiers, sv name, result, [(direction, type, name)]) and
    typedef widths, from abi-core's package."""
    widths = {
        m.group(2): int(m.group(1))
        for m in re.finditer(r"\(#\[derive\(Packed\)\], (\d+) bits\)\n\s*typedef struct packed \{.*?\} (\w+);", text, re.S)
    }
    # An enum is its base type: `typedef enum bit [2:0] {...} opcode_t;`.
    enums = {
        m.group(2): m.group(1).strip()
        for m in re.finditer(r"typedef enum ([^{]*?) ?\{[^}]*\} (\w+);", text)
    }
    out = {}
    for m in re.finditer(r'import "DPI-C" ((?:(?:context|pure) )*)(?:(\w+) = )?function (.*?)\((.*?)\);', text):
        qualifiers, c_symbol, head, params = m.groups()
        head = head.rstrip()
        if head.endswith(" ") or "\\" in head:
            result, name = head.split(" \\", 1)
            name = "\\" + name
        else:
            result, name = head.rsplit(" ", 1)
        sv_name = name.strip()
        symbol = c_symbol or sv_name.lstrip("\\").strip()
        out[symbol] = (qualifiers.split(), sv_name, result.strip(), sv_params(params))
    return out, (widths, enums)


def canonical(ty, typedefs, seen):
    """CIRCT's spelling of one of abi-core's types, noting the known
    differences in `seen`."""
    widths, enums = typedefs
    if ty in enums:
        seen.add("enum")
        ty = enums[ty]
    if ty.endswith(" unsigned"):
        seen.add("unsigned")
        ty = ty[: -len(" unsigned")]
    if ty in widths:
        seen.add("typedef")
        return f"bit [{widths[ty] - 1}:0]"
    if "bit signed [" in ty:
        seen.add("signed")
        ty = ty.replace("bit signed [", "bit [")
    return ty


def main():
    if len(sys.argv) != 3:
        fail("usage: check_circt.py DECLARATIONS.mlir PACKAGE.sv")
    decl_text = open(sys.argv[1]).read()
    package, widths = package_imports(open(sys.argv[2]).read())
    decls = declarations(decl_text)
    if not decls:
        fail("no sim.func.dpi declarations")
    lowerable = [d for d in decls if all(p[0] != "ref" and p[2] not in ("f32", "f64") for p in d[2])]
    with ir.Context() as ctx, ir.Location.unknown():
        circt.register_dialects(ctx)
        module = ir.Module.parse(decl_text)
        module.operation.verify()
        print(f"check_circt: {len(decls)} declarations parsed and verified by CIRCT {importlib.metadata.version('circt')}")
        calls = decl_text.rstrip().rstrip("}") + caller(lowerable) + "}\n"
        module = ir.Module.parse(calls)
        module.operation.verify()
        passmanager.PassManager.parse("builtin.module(lower-sim-to-sv, lower-seq-to-sv)").run(module.operation)
        buffer = io.StringIO()
        circt.export_verilog(module, buffer)
    verilog = buffer.getvalue()
    exported = circt_imports(verilog)
    counts = {key: 0 for key in KNOWN}
    # The calls: an `inout` actual that is the caller's input port is
    # CIRCT's mis-lowering (it should be a variable holding the value).
    body = verilog[verilog.find("module abi_core_circt_caller"):]
    for k, (symbol, verilog_name, ports) in enumerate(lowerable):
        inout = [j for j, p in enumerate(ports) if p[0] == "inout"]
        if not inout:
            continue
        call = re.search(rf"\b{re.escape(verilog_name)}\((.*?)\);", body)
        if not call:
            fail(f"CIRCT's module has no call of `{verilog_name}`")
        actuals = [a.strip() for a in call.group(1).split(",")]
        if any(f"a{k}_{j}" in actuals for j in inout):
            counts["inout_call"] += 1
    matched = 0
    for symbol, verilog_name, ports in lowerable:
        if verilog_name not in exported:
            fail(f"CIRCT exported no import of `{verilog_name}` (from @{symbol})")
        if verilog_name not in package:
            fail(f"abi-core's package has no import of the C symbol `{verilog_name}`")
        qualifiers, result, params = exported[verilog_name]
        ours_qualifiers, sv_name, ours_result, ours_params = package[verilog_name]
        seen = set()
        if "context" in qualifiers and "context" not in ours_qualifiers:
            seen.add("context")
        if "pure" in ours_qualifiers:
            seen.add("pure")
        if sv_name != verilog_name:
            seen.add("keyword" if sv_name.startswith("\\") else "sv_name")
        want_result = canonical(ours_result, widths, seen)
        if want_result != result:
            fail(f"`{verilog_name}`: CIRCT's result is `{result}`, abi-core's `{ours_result}`")
        if len(params) != len(ours_params):
            fail(f"`{verilog_name}`: CIRCT has {len(params)} parameters, abi-core {len(ours_params)}")
        for (d1, t1, n1), (d2, t2, n2) in zip(params, ours_params):
            want = canonical(t2, widths, seen)
            if (d1, t1, n1) != (d2, want, n2):
                fail(f"`{verilog_name}`: CIRCT declares `{d1} {t1} {n1}`, abi-core `{d2} {t2} {n2}`")
        for key in seen:
            counts[key] += 1
        matched += 1
    print(f"check_circt: {matched} of {len(lowerable)} lowerable declarations exported by CIRCT match abi-core's package")
    skipped = len(decls) - len(lowerable)
    print(f"check_circt: {skipped} verified only (open or unpacked arrays as `ref`, or reals: CIRCT 1.162 cannot export them to SystemVerilog)")
    for key, count in counts.items():
        if count:
            print(f"check_circt:   {count} x {KNOWN[key]}")


if __name__ == "__main__":
    main()
