#!/usr/bin/env python3
"""Check abi-core's reflection JSON with IREE itself.

Usage: check_iree.py ABI_JSON...

For every function of the files that has an `iree.abi`:

1. IREE's runtime accepts it: a module whose function carries the JSON as
   `iree.reflection = {iree.abi = "..."}` is compiled by `iree-compile`
   (llvm-cpu), loaded, and IREE's `FunctionInvoker` parses the reflection
   and builds its argument packer from it.
2. Where the signature has a direct MLIR form (arguments: scalars,
   ndarrays, `named` ones of those; results: scalars, ndarrays, or one
   `sdict`/`stuple`/`slist` of them, which IREE inlines), the function is
   invoked: arguments of the recorded dtypes and shapes (named ones as
   keyword arguments), and each result must come back as the JSON says:
   a dict with the keys in order, a tuple, a list, dtypes and shapes.
   The MLIR function returns constants (result k is k + 1), so the values
   are checked too.

Container arguments (`sdict`, `stuple`, `slist`) are passed as the Python
dict, tuple or list IREE packs into a VM list (`!util.list<?>`); functions
whose records have no such form are checked for acceptance only.
Runs under the PyPI `iree-base-compiler` and `iree-base-runtime` packages,
installed by `cargo xtask test`. Exit status 1 on the first failure.
"""

import importlib.metadata
import json
import sys
import tempfile

import numpy as np
from iree import compiler as ireec
from iree import runtime as ireert

SCALARS = {"i8", "i16", "i32", "i64", "f32", "f64"}
NUMPY = {
    "i1": np.bool_,
    "i8": np.int8,
    "i16": np.int16,
    "i32": np.int32,
    "i64": np.int64,
    "f16": np.float16,
    "f32": np.float32,
    "f64": np.float64,
}
DYNAMIC = 3  # the size a dynamic dimension gets in a call


def fail(message):
    print(f"check_iree: {message}", file=sys.stderr)
    sys.exit(1)


def container(record):
    """Whether `record` is an sdict/stuple/slist of IREE records, which IREE
    packs into a VM list."""
    if not isinstance(record, list) or record[0] not in ("sdict", "stuple", "slist"):
        return False
    members = [m[1] for m in record[1:]] if record[0] == "sdict" else record[1:]
    return all(mlir_type(m) or container(m) for m in members)


def argument_type(record):
    """The MLIR type of an argument: a scalar, a tensor, or a list."""
    return "!util.list<?>" if container(record) else mlir_type(record)


def mlir_type(record):
    """The MLIR type of a scalar or ndarray record, or None."""
    if isinstance(record, str) and record in SCALARS:
        return record
    if isinstance(record, list) and record[0] == "ndarray" and record[1] in NUMPY and record[2] is not None:
        dims = "x".join("?" if d is None else str(d) for d in record[3:])
        return f"tensor<{dims + 'x' if dims else ''}{record[1]}>"
    return None


def unnamed(record):
    if isinstance(record, list) and record[0] == "named":
        return record[1], record[2]
    return None, record


def results_flat(abi):
    """The flat MLIR results and how IREE should shape them, or None."""
    r = abi["r"]
    if len(r) == 1 and isinstance(r[0], list) and r[0][0] in ("sdict", "stuple", "slist"):
        packed = r[0]
        members = [m[1] for m in packed[1:]] if packed[0] == "sdict" else packed[1:]
        if all(mlir_type(m) for m in members):
            return members, packed
        return None
    if all(mlir_type(m) for m in r):
        return r, None
    return None


def constant(record, value):
    """MLIR that materialises `value` as `record` into %v, and its type."""
    ty = mlir_type(record)
    element = record if isinstance(record, str) else record[1]
    literal = ("true" if value % 2 else "false") if element == "i1" else (
        f"{value}.0" if element.startswith(("f", "bf")) else str(value)
    )
    if isinstance(record, str):
        return [f"%v = arith.constant {literal} : {ty}"], ty
    static = "x".join(str(DYNAMIC if d is None else d) for d in record[3:])
    static_ty = f"tensor<{static + 'x' if static else ''}{element}>"
    lines = [f"%s = arith.constant dense<{literal}> : {static_ty}"]
    if static_ty != ty:
        lines.append(f"%v = tensor.cast %s : {static_ty} to {ty}")
    else:
        lines[0] = lines[0].replace("%s =", "%v =")
    return lines, ty


def function_mlir(name, abi):
    args = [unnamed(a) for a in abi["a"]]
    flat = results_flat(abi)
    invocable = flat is not None and all(argument_type(a) for _, a in args)
    attr = json.dumps(json.dumps(abi, separators=(",", ":")))
    if not invocable:
        # Accepted only: a function without arguments or results whose
        # reflection IREE still parses.
        return f"  func.func @{name}() attributes {{iree.reflection = {{iree.abi = {attr}}}}} {{\n    return\n  }}\n", False
    params = ", ".join(f"%a{k} : {argument_type(a)}" for k, (_, a) in enumerate(args))
    members, _ = flat
    body, types, values = [], [], []
    for k, m in enumerate(members):
        lines, ty = constant(m, k + 1)
        body += [line.replace("%v", f"%v{k}").replace("%s", f"%s{k}") for line in lines]
        types.append(ty)
        values.append(f"%v{k}")
    ret = f"return {', '.join(values)} : {', '.join(types)}" if values else "return"
    text = (
        f"  func.func @{name}({params}) -> ({', '.join(types)}) attributes {{iree.reflection = {{iree.abi = {attr}}}}} {{\n"
        + "".join(f"    {line}\n" for line in body)
        + f"    {ret}\n  }}\n"
    )
    return text, True


def argument(record):
    if container(record):
        if record[0] == "sdict":
            return {key: argument(member) for key, member in record[1:]}
        items = [argument(member) for member in record[1:]]
        return tuple(items) if record[0] == "stuple" else items
    element = record if isinstance(record, str) else record[1]
    if isinstance(record, str):
        return NUMPY[element](2) if element in NUMPY else 2.0
    shape = [DYNAMIC if d is None else d for d in record[3:]]
    return np.ones(shape, dtype=NUMPY[element])


def expect(record, value, got, where):
    element = record if isinstance(record, str) else record[1]
    if isinstance(record, str):
        if got != value:
            fail(f"{where}: expected {value}, got {got!r}")
        return
    array = np.asarray(got)
    shape = tuple(DYNAMIC if d is None else d for d in record[3:])
    if array.shape != shape or array.dtype != np.dtype(NUMPY[element]):
        fail(f"{where}: expected {element} of shape {shape}, got {array.dtype} of shape {array.shape}")
    if not np.all(array == (bool(value % 2) if element == "i1" else value)):
        fail(f"{where}: expected every element {value}")


def main():
    functions = []
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8") as f:
            for entry in json.load(f)["functions"]:
                if "iree.abi" in entry:
                    functions.append((f"{path}:{entry['symbol']}", entry["iree.abi"]))
    if not functions:
        fail("no function with an iree.abi")
    module, invocable = "module {\n", []
    for k, (where, abi) in enumerate(functions):
        text, can_invoke = function_mlir(f"f{k}", abi)
        module += text
        invocable.append(can_invoke)
    module += "}\n"
    try:
        vmfb = ireec.compile_str(
            module, target_backends=["llvm-cpu"], extra_args=[
                "--iree-llvmcpu-target-cpu=host",
                # IREE demotes f64 to f32 unless told not to; the JSON says f64.
                "--iree-input-demote-f64-to-f32=false",
            ]
        )
    except Exception as e:  # the compiler's own message
        with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
            f.write(module)
        fail(f"iree-compile failed on the generated module ({f.name}): {e}")
    config = ireert.Config("local-task")
    context = ireert.SystemContext(config=config)
    context.add_vm_module(ireert.VmModule.copy_buffer(context.instance, vmfb))
    invoked = 0
    seen = {
        "dict results": 0,
        "tuple results": 0,
        "list results": 0,
        "several results": 0,
        "container arguments": 0,
        "named arguments": 0,
        "ndarrays": 0,
    }
    for k, (where, abi) in enumerate(functions):
        try:
            function = context.modules.module[f"f{k}"]  # parses the reflection
        except Exception as e:
            fail(f"{where}: IREE's runtime refuses its iree.abi {json.dumps(abi)}: {e}")
        if not invocable[k]:
            continue
        positional, named = [], {}
        for name, record in (unnamed(a) for a in abi["a"]):
            seen["container arguments"] += container(record)
            if name is None:
                positional.append(argument(record))
            else:
                named[name] = argument(record)
                seen["named arguments"] += 1
        try:
            got = function(*positional, **named)
        except Exception as e:
            fail(f"{where}: calling it as its iree.abi {json.dumps(abi)} says failed: {e}")
        members, packed = results_flat(abi)
        if packed is None:
            values = [] if got is None else [got] if len(members) == 1 else list(got)
            if len(values) != len(members):
                fail(f"{where}: {len(members)} results expected, got {got!r}")
        elif packed[0] == "sdict":
            keys = [m[0] for m in packed[1:]]
            if not isinstance(got, dict) or list(got) != keys:
                fail(f"{where}: expected a dict with keys {keys}, got {got!r}")
            values = list(got.values())
        else:
            kind = tuple if packed[0] == "stuple" else list
            if not isinstance(got, kind) or len(got) != len(members):
                fail(f"{where}: expected a {kind.__name__} of {len(members)}, got {got!r}")
            values = list(got)
        for j, (m, v) in enumerate(zip(members, values)):
            expect(m, j + 1, v, f"{where}: result {j}")
        if packed is not None:
            seen[{"sdict": "dict results", "stuple": "tuple results", "slist": "list results"}[packed[0]]] += 1
        elif len(members) > 1:
            seen["several results"] += 1
        seen["ndarrays"] += sum(isinstance(r, list) and r[0] == "ndarray" for r in members) + sum(
            isinstance(unnamed(a)[1], list) for a in abi["a"]
        )
        invoked += 1
    version = importlib.metadata.version("iree-base-runtime")
    print(
        f"check_iree: {len(functions)} functions with an iree.abi accepted by IREE {version}'s runtime; "
        f"{invoked} invoked with arguments and results as the JSON says "
        f"({', '.join(f'{v} {k}' for k, v in seen.items())})"
    )


if __name__ == "__main__":
    main()
