#!/usr/bin/env python3
"""Validate abi-core reflection JSON with nothing but Python's standard
library: every function's `abi` must follow the grammar of IREE's function
ABI reflection (`{"a": [...], "r": [...], "v": 1}`) with IREE's type records
and abi-core's own in their documented shapes; `iree.abi`, when present,
must be the same object and hold only records IREE's runtime reads, and it
must be present whenever `abi` holds only those.

Usage: check_abi_json.py FILE...   (exit status 1 on the first error)
"""

import json
import re
import sys

PRIMITIVE = re.compile(r"^(i[0-9]+|f[0-9]+|bf16)$")
# abi-core's own compound records (abi_core::reflect): head -> shape check.
WIDTH_HEADS = {"bitint", "ubitint", "bits", "sbits", "logic"}
ONE_RECORD_HEADS = {"complex", "open_array", "optional", "ptr", "ptr_mut", "py_homogeneous_list"}
KIND_HEADS = {"string": {"utf8", "cstr"}, "handle": {"chandle"}}


class Invalid(Exception):
    pass


def count(value, what):
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise Invalid(f"{what} must be a non-negative integer, not {value!r}")


def keyed(items, where):
    for item in items:
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)):
            raise Invalid(f"{where}: entries are [key, record], not {item!r}")
        record(item[1], f"{where}.{item[0]}")


def record(value, where):
    if value is None:
        return
    if isinstance(value, str):
        if value == "unknown" or PRIMITIVE.match(value):
            return
        raise Invalid(f"{where}: {value!r} is not a primitive type record")
    if not isinstance(value, list) or not value or not isinstance(value[0], str):
        raise Invalid(f"{where}: {value!r} is not a type record")
    head, rest = value[0], value[1:]
    # IREE's compound records.
    if head == "named":
        if len(rest) != 2 or not isinstance(rest[0], str):
            raise Invalid(f"{where}: named is [\"named\", key, record]")
        record(rest[1], f"{where}.{rest[0]}")
    elif head == "ndarray":
        if not rest:
            raise Invalid(f"{where}: ndarray needs an element type")
        record(rest[0], f"{where}.element")
        rank = rest[1] if len(rest) > 1 else None
        dims = rest[2:]
        if rank is None:
            if dims:
                raise Invalid(f"{where}: an unranked ndarray has no dimensions")
        else:
            count(rank, f"{where}: rank")
            if len(dims) != rank:
                raise Invalid(f"{where}: rank {rank} with {len(dims)} dimensions")
            for d in dims:
                if d is not None:
                    count(d, f"{where}: dimension")
    elif head in ("slist", "stuple"):
        for k, item in enumerate(rest):
            record(item, f"{where}[{k}]")
    elif head == "sdict":
        keyed(rest, where)
    # abi-core's records.
    elif head in WIDTH_HEADS:
        if len(rest) != 1:
            raise Invalid(f"{where}: {head} is [\"{head}\", width]")
        count(rest[0], f"{where}: width")
    elif head in ONE_RECORD_HEADS:
        if len(rest) != 1:
            raise Invalid(f"{where}: {head} takes one record")
        record(rest[0], f"{where}.{head}")
    elif head in KIND_HEADS:
        if len(rest) != 1 or rest[0] not in KIND_HEADS[head]:
            raise Invalid(f"{where}: {head} kind must be one of {sorted(KIND_HEADS[head])}")
    elif head == "packed":
        if len(rest) < 2 or not isinstance(rest[0], str):
            raise Invalid(f"{where}: packed is [\"packed\", name, width, [field, record]...]")
        count(rest[1], f"{where}: width")
        keyed(rest[2:], where)
    elif head == "packed_array":
        if len(rest) != 2:
            raise Invalid(f"{where}: packed_array is [\"packed_array\", record, len]")
        record(rest[0], f"{where}.element")
        count(rest[1], f"{where}: len")
    elif head == "vector":
        if len(rest) < 2:
            raise Invalid(f"{where}: vector is [\"vector\", lane, dims...]")
        record(rest[0], f"{where}.lane")
        for d in rest[1:]:
            count(d, f"{where}: dimension")
    elif head == "struct":
        if len(rest) != 1 or not isinstance(rest[0], str):
            raise Invalid(f"{where}: struct is [\"struct\", name]")
    elif head == "opaque":
        if rest:
            raise Invalid(f"{where}: opaque takes nothing")
    else:
        raise Invalid(f"{where}: unknown compound type {head!r}")


# What IREE's runtime (3.13) reads: scalars of these types (its argument
# packer refuses f16 and bf16), ndarrays of these and of i1 (it maps no
# numpy dtype to f16 or bf16 elements), and its containers.
IREE_SCALARS = {"i8", "i16", "i32", "i64", "f32", "f64"}
IREE_ELEMENTS = IREE_SCALARS | {"i1"}


def iree_only(value):
    """Whether `value` is a record IREE's runtime reads."""
    if isinstance(value, str):
        return value in IREE_SCALARS
    if not isinstance(value, list) or not value:
        return False
    head, rest = value[0], value[1:]
    if head == "ndarray":
        return isinstance(rest[0], str) and rest[0] in IREE_ELEMENTS and len(rest) > 1 and rest[1] is not None
    if head in ("slist", "stuple"):
        return all(iree_only(item) for item in rest)
    if head == "sdict":
        return all(iree_only(item[1]) for item in rest)
    if head == "named":
        return iree_only(rest[1])
    if head == "py_homogeneous_list":
        return iree_only(rest[0])
    return False


def iree_abi(value, where):
    if not isinstance(value, dict):
        raise Invalid(f"{where}: abi must be an object")
    for key in ("a", "r"):
        if not isinstance(value.get(key), list):
            raise Invalid(f"{where}: '{key}' must be a list")
        for k, item in enumerate(value[key]):
            record(item, f"{where}.{key}[{k}]")
    if value.get("v") != 1:
        raise Invalid(f"{where}: 'v' must be 1")


def check_file(path):
    with open(path, encoding="utf-8") as f:
        document = json.load(f)
    functions = document.get("functions")
    if document.get("v") != 1 or not isinstance(functions, list):
        raise Invalid(f"{path}: expected {{'v': 1, 'functions': [...]}}")
    symbols = [f.get("symbol") for f in functions]
    if symbols != sorted(symbols):
        raise Invalid(f"{path}: functions are not sorted by symbol")
    kinds = {}
    iree = 0
    for f in functions:
        where = f"{path}:{f.get('symbol')}"
        if f.get("kind") not in ("c", "dpi_import", "dpi_export", "ciface"):
            raise Invalid(f"{where}: unknown kind {f.get('kind')!r}")
        iree_abi(f.get("abi"), where)
        readable = all(iree_only(r) for r in f["abi"]["a"] + f["abi"]["r"])
        if "iree.abi" in f:
            if f["iree.abi"] != f["abi"]:
                raise Invalid(f"{where}: iree.abi differs from abi")
            if not readable:
                raise Invalid(f"{where}: iree.abi holds a record IREE's runtime does not read")
            iree += 1
        elif readable:
            raise Invalid(f"{where}: no iree.abi although IREE's runtime reads every record")
        params = f.get("params")
        if not isinstance(params, list) or len(params) != len(f["abi"]["a"]):
            raise Invalid(f"{where}: one entry in 'params' per argument record")
        for p in params:
            if p.get("direction") not in ("in", "out", "inout"):
                raise Invalid(f"{where}: direction of {p.get('name')!r}")
            if not isinstance(p.get("c"), str) or not p["c"]:
                raise Invalid(f"{where}: C spelling of {p.get('name')!r}")
        kinds[f["kind"]] = kinds.get(f["kind"], 0) + 1
    return len(functions), kinds, iree


def main(paths):
    try:
        for path in paths:
            n, kinds, iree = check_file(path)
            print(
                f"{path}: {n} functions valid ({', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))}); "
                f"{iree} with an iree.abi IREE's runtime reads"
            )
    except (Invalid, ValueError, OSError) as e:
        print(f"invalid: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
